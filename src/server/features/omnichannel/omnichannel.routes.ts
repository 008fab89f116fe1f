import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import { createSecrets } from '#server/secrets/secrets.ts';
import { registerOmnichannelAdminRoutes } from './omnichannel-admin.routes.ts';
import { registerOmnichannelWebhookRoutes } from './omnichannel-webhook.routes.ts';

/** The omnichannel inbox for brands (spec 02 §1–3, issue 14 items 1 and 2). */
export async function registerOmnichannelRoutes(app: FastifyInstance, ctx: AppContext) {
  const secrets = createSecrets(ctx.secret);
  registerOmnichannelAdminRoutes(app, ctx, secrets);
  await registerOmnichannelWebhookRoutes(app, ctx, { secrets, jobs: app.jobs });
}
