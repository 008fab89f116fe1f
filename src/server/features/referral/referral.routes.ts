import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  ApplyReferralResponseSchema,
  ApplyReferralSchema,
  ReferralSchema,
} from '#shared/referral/referral-schemas.ts';
import { createReferralService } from './referral.service.ts';

export const REFERRER_REWARD_JOB = 'referral.referrer-rewards';

/** Referral code, statistics and applying a friend's code (issue 11 item 4). */
export function registerReferralRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createReferralService(ctx.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  app.jobs.schedule({
    name: REFERRER_REWARD_JOB,
    schedule: { everyMinutes: 1 },
    run: () => service.rewardReferrers(),
  });

  api.get(
    '/api/referral',
    { config: { access: 'user' }, schema: { response: { 200: ReferralSchema } } },
    (request) =>
      service.overview(
        requireUser(request).id,
        ctx.env.PUBLIC_URL[0] ?? `${request.protocol}://${request.host}`,
      ),
  );

  api.post(
    '/api/referral/apply',
    {
      config: { access: 'user' },
      schema: { body: ApplyReferralSchema, response: { 200: ApplyReferralResponseSchema } },
    },
    (request) => service.apply(requireUser(request).id, request.body.code),
  );
}
