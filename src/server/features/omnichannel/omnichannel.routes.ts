import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import { createSecrets } from '#server/secrets/secrets.ts';
import { defineDeliverJob } from './deliver.job.ts';
import { registerInboxRoutes } from './inbox.routes.ts';
import { registerOmnichannelAdminRoutes } from './omnichannel-admin.routes.ts';
import { registerOmnichannelWebhookRoutes } from './omnichannel-webhook.routes.ts';
import { registerTemplateRoutes } from './templates.routes.ts';
import { registerWidgetStream } from './widget-stream.ts';

/** The omnichannel inbox for brands (spec 02 §1–3, issue 14). */
export async function registerOmnichannelRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { clock: () => Date },
) {
  const secrets = createSecrets(ctx.secret);
  registerOmnichannelAdminRoutes(app, ctx, secrets);
  registerInboxRoutes(app, ctx, app.jobs);
  registerTemplateRoutes(app, ctx);
  registerWidgetStream(app, ctx, secrets);
  defineDeliverJob({
    db: ctx.db,
    jobs: app.jobs,
    secrets,
    pubsub: ctx.pubsub,
    clock: deps.clock,
    log: app.log,
  });
  await registerOmnichannelWebhookRoutes(app, ctx, { secrets, jobs: app.jobs });
}
