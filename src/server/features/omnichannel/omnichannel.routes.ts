import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import { createSecrets } from '#server/secrets/secrets.ts';
import { registerAclPolicyRoutes } from './acl-policies.routes.ts';
import { defineAnalyticsJob } from './analytics-job.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';
import { defineDeliverJob } from './deliver.job.ts';
import { registerEscalationRuleRoutes } from './escalation-rules.routes.ts';
import { defineEscalationNotifyJob } from './escalation-notify.ts';
import { publishInboxChange } from './inbox-events.ts';
import { findMessageById } from './inbox.queries.ts';
import { registerInboxRoutes } from './inbox.routes.ts';
import { registerKnowledgeRoutes } from './knowledge.routes.ts';
import { registerOmnichannelAdminRoutes } from './omnichannel-admin.routes.ts';
import { registerOmnichannelWebhookRoutes } from './omnichannel-webhook.routes.ts';
import { defineSlaSweeper } from './sla-sweeper.ts';
import { defineTriageJobs } from './triage-job.ts';
import { registerTemplateRoutes } from './templates.routes.ts';
import { registerWidgetRoutes } from './widget.routes.ts';

/** The omnichannel inbox for brands (spec 02 §1–3, issue 14). */
export async function registerOmnichannelRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: { clock: () => Date },
) {
  const secrets = createSecrets(ctx.secret);
  const announce = async (id: number) => {
    const row = await findMessageById(ctx.db, id);
    if (row) publishInboxChange(ctx.pubsub, row);
  };
  const jobDeps = { db: ctx.db, jobs: app.jobs, clock: options.clock, log: app.log, announce };
  defineTriageJobs({
    ...jobDeps,
    providers: ctx.providers,
    defaultModel: () => ctx.appSettings.current().defaultModel,
    timeoutMs: ctx.env.AI_TIMEOUT_MS,
  });
  defineSlaSweeper(jobDeps);
  defineEscalationNotifyJob({ db: ctx.db, jobs: app.jobs, pubsub: ctx.pubsub, log: app.log });
  defineAnalyticsJob(jobDeps);
  registerOmnichannelAdminRoutes(app, ctx, secrets);
  registerAclPolicyRoutes(app, ctx);
  registerEscalationRuleRoutes(app, ctx);
  registerKnowledgeRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx);
  registerInboxRoutes(app, ctx, app.jobs, options.clock);
  registerTemplateRoutes(app, ctx);
  defineDeliverJob({
    db: ctx.db,
    jobs: app.jobs,
    secrets,
    pubsub: ctx.pubsub,
    clock: options.clock,
    log: app.log,
  });
  await registerOmnichannelWebhookRoutes(app, ctx, { secrets, jobs: app.jobs });
  await registerWidgetRoutes(app, ctx, { secrets, jobs: app.jobs });
}
