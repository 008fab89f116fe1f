import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { Secrets } from '#server/secrets/secrets.ts';
import { TextBodySchema } from '#shared/api/api-schemas.ts';
import { forbidden, notFound, unauthenticated } from '#shared/errors/app-error.ts';
import {
  ChannelDeliverySchema,
  ChannelReceiptSchema,
  ChannelTypeSchema,
  WebhookParamsSchema,
  WhatsAppVerifyQuerySchema,
} from '#shared/omnichannel/channel-schemas.ts';
import { safeEqual, SignatureError, verifyDelivery } from './channel-verify.ts';
import { storeInboundMessages } from './inbound-store.ts';
import { openSecrets, webhookPath } from './omnichannel-mapping.ts';
import { findWebhookChannel } from './omnichannel.queries.ts';

/** Largest delivery accepted: a customer message with its envelope, not an attachment. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * The URLs a provider may have signed (Twilio): the one this request arrived at as the trusted
 * proxy reports it (TRUST_PROXY: X-Forwarded-Proto/-Host), and each configured PUBLIC_URL origin.
 */
function candidateUrls(request: FastifyRequest, publicUrls: readonly string[]) {
  const origins = new Set([
    `${request.protocol}://${request.host}`,
    ...publicUrls.map((url) => new URL(url).origin),
  ]);
  return [...origins].map((origin) => origin + request.url);
}

async function channelOr404(ctx: AppContext, channelId: string) {
  const found = await findWebhookChannel(ctx.db, channelId);
  if (!found || !found.channel.isActive || !found.brandActive) throw notFound('Channel not found');
  return found.channel;
}

/**
 * `POST /api/omnichannel/webhooks/{channelId}`: the channel's signature is checked on the raw
 * bytes before anything is stored (401, nothing stored), each message is stored once by
 * `messageId` (channel type + channel + provider id, decision 317) with its job in the same transaction, and the
 * provider is answered at once (decision 210). The job (triage-job.ts) triages the message.
 */
export async function registerOmnichannelWebhookRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { secrets: Secrets; jobs: Jobs },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    scope.post(
      webhookPath(':channelId'),
      {
        // A busy channel's burst must not be refused (decision 306); the signature is the gate.
        config: { access: 'public', rateLimit: 'exempt' },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          params: WebhookParamsSchema,
          body: ChannelDeliverySchema,
          response: { 200: ChannelReceiptSchema },
        },
      },
      async (request, reply) => {
        const { channelId } = request.params as { channelId: string };
        const channel = await channelOr404(ctx, channelId);
        const type = ChannelTypeSchema.parse(channel.channelType);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let messages;
        try {
          messages = verifyDelivery(type, openSecrets(deps.secrets, channel), {
            raw,
            headers: request.headers,
            urls: candidateUrls(request, ctx.env.PUBLIC_URL),
          });
        } catch (error) {
          if (!(error instanceof SignatureError)) throw error;
          request.log.warn(
            { channelId, type, reason: error.message },
            'omnichannel delivery refused',
          );
          throw unauthenticated('Invalid webhook signature');
        }
        const { duplicate } = await storeInboundMessages(ctx, deps.jobs, channel, type, messages);
        return reply.status(200).send({ received: true, duplicate });
      },
    );

    // WhatsApp Cloud API's subscription check: echo the challenge when the verify token matches.
    scope.get(
      webhookPath(':channelId'),
      {
        config: { access: 'public' },
        schema: {
          params: WebhookParamsSchema,
          querystring: WhatsAppVerifyQuerySchema,
          response: { 200: TextBodySchema },
        },
      },
      async (request, reply) => {
        const { channelId } = request.params as { channelId: string };
        const query = request.query as Record<string, string | undefined>;
        const channel = await channelOr404(ctx, channelId);
        if (channel.channelType !== 'whatsapp') throw notFound('Channel not found');
        const expected = openSecrets(deps.secrets, channel).verifyToken;
        const given = query['hub.verify_token'];
        if (
          query['hub.mode'] !== 'subscribe' ||
          !expected ||
          !given ||
          !safeEqual(given, expected)
        ) {
          throw forbidden('Verification refused');
        }
        return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
      },
    );
  });
}
