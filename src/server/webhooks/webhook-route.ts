import type { FastifyInstance } from 'fastify';
import { WebhookDeliverySchema, WebhookReceiptSchema } from '#shared/billing/billing-schemas.ts';
import { invalid } from '#shared/errors/app-error.ts';
import type { Inbound, VerifyDelivery } from './inbound.ts';

/** Largest delivery accepted (Stripe's events are far smaller). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * `POST path` for a provider's deliveries: the body is kept as raw bytes (a signature covers the
 * exact bytes), verified before anything is parsed or stored (400, nothing changed, on failure),
 * recorded once, answered 200 at once; the inbound-event job does the work.
 */
export async function registerWebhookRoute(
  app: FastifyInstance,
  input: { path: string; provider: string; verify: VerifyDelivery; inbound: Inbound },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      input.path,
      {
        // The signature is the gate, not the general limit: a burst must not be refused (decision 306).
        config: { access: 'public', rateLimit: 'exempt' },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        // Documented like files and streams: the schema describes the bytes, never alters them.
        schema: { body: WebhookDeliverySchema, response: { 200: WebhookReceiptSchema } },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = input.verify(raw, request.headers);
        } catch (error) {
          request.log.warn(
            { provider: input.provider, err: error },
            'webhook delivery refused: bad signature',
          );
          throw invalid('Invalid webhook signature');
        }
        const { duplicate } = await input.inbound.accept(input.provider, event);
        return reply.status(200).send({ received: true, duplicate });
      },
    );
  });
}
