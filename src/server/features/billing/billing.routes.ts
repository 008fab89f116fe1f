import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { stripeSignatureVerifier } from '#server/payments/event-signature.ts';
import type { PaymentProvider } from '#server/payments/payment-provider.ts';
import { createSandboxProvider, type SandboxProvider } from '#server/payments/sandbox-provider.ts';
import { createStripeClient, createStripeProvider } from '#server/payments/stripe-provider.ts';
import type { Inbound } from '#server/webhooks/inbound.ts';
import { registerWebhookRoute } from '#server/webhooks/webhook-route.ts';
import {
  CheckoutDetailsSchema,
  CheckoutIdParamsSchema,
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  DowngradeRequestSchema,
  NoRequestBodySchema,
  PaymentListSchema,
  PlanListSchema,
  SandboxCompleteRequestSchema,
  SubscriptionSchema,
} from '#shared/billing/billing-schemas.ts';
import { registerBillingAdminRoutes } from './billing-admin.routes.ts';
import { createBillingEventHandler } from './billing-events.ts';
import { paymentsOf } from './billing-payments.ts';
import { registerSandboxAdminRoutes } from './billing-sandbox-admin.ts';
import { plansList, priceOf, subscriptionOf } from './billing-views.ts';
import { createBillingService } from './billing.service.ts';
import { registerCryptoRoutes } from './crypto.routes.ts';
import { registerReceiptRoute } from './receipt.routes.ts';

export const SANDBOX_RENEWAL_JOB = 'billing.sandbox-renewals';

function requestOrigin(ctx: AppContext, request: FastifyRequest) {
  return ctx.env.PUBLIC_URL[0] ?? `${request.protocol}://${request.host}`;
}

/**
 * Plans, subscriptions and payments (issue 11, decisions 080–082): `stripe` with
 * STRIPE_SECRET_KEY, else the TEST MODE sandbox; both feed the same event handlers.
 */
export async function registerBillingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  inbound: Inbound,
) {
  const { env, db } = ctx;
  let provider: PaymentProvider;
  let sandbox: SandboxProvider | null = null;
  if (env.STRIPE_SECRET_KEY) {
    provider = createStripeProvider(createStripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_BASE));
  } else {
    sandbox = createSandboxProvider({
      db,
      appSecret: ctx.secret,
      inbound,
      priceOf: (planId, interval) => priceOf(db, planId, interval),
    });
    provider = sandbox;
  }
  const handle = createBillingEventHandler({ provider, jobs: app.jobs, log: app.log });
  inbound.on(provider.name, handle);
  const sync = async (subscriptionId: string) => {
    await db.transaction((tx) =>
      handle(
        {
          provider: provider.name,
          eventId: `sync:${subscriptionId}`,
          type: 'customer.subscription.updated',
          payload: { data: { object: { id: subscriptionId } } },
        },
        tx,
      ),
    );
  };
  const service = createBillingService({ db, provider, sandbox, sync });

  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    await registerWebhookRoute(app, {
      path: '/api/webhooks/stripe',
      provider: 'stripe',
      verify: stripeSignatureVerifier(env.STRIPE_WEBHOOK_SECRET),
      inbound,
    });
  }
  if (sandbox) {
    const renewals = sandbox;
    app.jobs.schedule({
      name: SANDBOX_RENEWAL_JOB,
      schedule: { everyMinutes: 1 },
      run: async () => {
        await renewals.renewDue();
      },
    });
    registerSandboxAdminRoutes(app, db, renewals);
  }

  registerCryptoRoutes(app, ctx);
  registerReceiptRoute(app, ctx);
  registerBillingAdminRoutes(app, db);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { config: { access: 'user' as const } };

  api.get(
    '/api/plans',
    { config: { access: 'public' }, schema: { response: { 200: PlanListSchema } } },
    async () => ({ plans: await plansList(db), provider: provider.name }),
  );

  api.get(
    '/api/subscription',
    { ...user, schema: { response: { 200: SubscriptionSchema } } },
    (request) => subscriptionOf(db, requireUser(request).id),
  );

  api.post(
    '/api/subscription/checkout',
    { ...user, schema: { body: CheckoutRequestSchema, response: { 200: CheckoutResponseSchema } } },
    (request) =>
      service.checkout(requireUser(request).id, request.body, requestOrigin(ctx, request)),
  );

  api.post(
    '/api/subscription/cancel',
    { ...user, schema: { body: NoRequestBodySchema, response: { 200: SubscriptionSchema } } },
    (request) => service.cancel(requireUser(request).id),
  );

  api.post(
    '/api/subscription/resume',
    { ...user, schema: { body: NoRequestBodySchema, response: { 200: SubscriptionSchema } } },
    (request) => service.resume(requireUser(request).id),
  );

  api.post(
    '/api/subscription/downgrade',
    { ...user, schema: { body: DowngradeRequestSchema, response: { 200: SubscriptionSchema } } },
    (request) => service.downgrade(requireUser(request).id, request.body.plan),
  );

  api.get(
    '/api/payments',
    { ...user, schema: { response: { 200: PaymentListSchema } } },
    async (request) => ({
      payments: await paymentsOf(db, requireUser(request).id),
    }),
  );

  api.get(
    '/api/payments/checkouts/:checkoutId',
    {
      ...user,
      schema: { params: CheckoutIdParamsSchema, response: { 200: CheckoutDetailsSchema } },
    },
    (request) => service.checkoutOf(requireUser(request).id, request.params.checkoutId),
  );

  api.post(
    '/api/payments/sandbox/:checkoutId/complete',
    {
      ...user,
      schema: {
        params: CheckoutIdParamsSchema,
        body: SandboxCompleteRequestSchema,
        response: { 200: CheckoutDetailsSchema },
      },
    },
    (request) =>
      service.completeSandbox(
        requireUser(request).id,
        request.params.checkoutId,
        request.body.outcome,
      ),
  );
}
