import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { Secrets } from '#server/secrets/secrets.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import { notFound } from '#shared/errors/app-error.ts';
import { ChannelReceiptSchema, WebhookParamsSchema } from '#shared/omnichannel/channel-schemas.ts';
import {
  WidgetConfigSchema,
  WidgetHistoryQuerySchema,
  WidgetHistorySchema,
  WidgetMessageInputSchema,
  WidgetVisitorSchema,
  type WidgetConfig,
  type WidgetHistory,
  type WidgetHistoryQuery,
  type WidgetMessageInput,
} from '#shared/omnichannel/widget-schemas.ts';
import { storeInboundMessages } from './inbound-store.ts';
import { providerIdOf } from './message-ids.ts';
import { findBrand } from './omnichannel.queries.ts';
import { listVisitorThread } from './widget.queries.ts';
import { registerWidgetStream } from './widget-stream.ts';
import {
  allowsAnonymousVisitors,
  issueAnonymousVisitor,
  requireSignedVisitor,
  requireWidgetChannel,
} from './widget-visitor.ts';

/** Where the widget's routes live: any website may call them, and never with cookies. */
export const WIDGET_API_PREFIX = '/api/omnichannel/widget/';
/** A visitor's message with its envelope; the content itself is capped at 4000 characters. */
const MESSAGE_BODY_LIMIT = 32 * 1024;
/** The brand's name and colour change seldom: a browser may keep them for five minutes. */
const CONFIG_MAX_AGE_S = 300;
/**
 * A visitor's message has the provider id `{visitor}:{clientMessageId}` (below), stored as
 * `widget:{channelId}:{visitor}:{clientMessageId}` (`widget:{visitor}:…` before decision 317).
 */
const visitorMessageId = (visitor: string, clientMessageId: string) =>
  `${visitor}:${clientMessageId}`;

/** The id the widget gave its own message (`clientMessageId`), from either form of the key. */
function clientMessageIdOf(row: Parameters<typeof providerIdOf>[0], visitor: string) {
  const providerId = providerIdOf(row) ?? row.messageId;
  const own = visitorMessageId(visitor, '');
  return providerId.startsWith(own) ? providerId.slice(own.length) : providerId;
}

/**
 * The website chat widget's routes (issue 14 item 2, decision 285), called by the script a brand
 * embeds (src/client/widget/) from its own origin: `*` CORS without credentials, so no cookie of
 * ours ever rides along and no answer is readable with one. The visitor's authority is the
 * signature the brand's server gave its page, nothing else; CSRF does not apply (csrf.ts).
 */
export async function registerWidgetRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { secrets: Secrets; jobs: Jobs },
) {
  await app.register(async (scope) => {
    // On every answer, errors included, so the widget can read and show them.
    scope.addHook('onRequest', async (_request, reply) => {
      void reply.header('access-control-allow-origin', '*');
      // An ALLOWED_ORIGINS caller got credentialed CORS from csrf.ts: not on these routes.
      reply.removeHeader('access-control-allow-credentials');
    });

    scope.get(
      `${WIDGET_API_PREFIX}:channelId/config`,
      {
        config: { access: 'public' },
        schema: { params: WebhookParamsSchema, response: { 200: WidgetConfigSchema } },
      },
      async (request, reply) => {
        const { channelId } = request.params as { channelId: string };
        const channel = await requireWidgetChannel(ctx, channelId);
        const brand = await findBrand(ctx.db, channel.brandId);
        if (!brand) throw notFound('Channel not found');
        const config: WidgetConfig = {
          channelId: channel.id,
          brandName: brand.name,
          primaryColor: brand.primaryColor,
          logo: brand.logo,
          anonymousVisitors: allowsAnonymousVisitors(channel),
        };
        return reply.header('cache-control', `public, max-age=${CONFIG_MAX_AGE_S}`).send(config);
      },
    );

    // The preflight of the JSON POST below: exactly its method and its one header.
    scope.options(
      `${WIDGET_API_PREFIX}:channelId/messages`,
      {
        config: { access: 'public' },
        schema: { params: WebhookParamsSchema, response: { 204: NoContentSchema } },
      },
      async (_request, reply) =>
        reply
          .headers({
            'access-control-allow-methods': 'POST',
            'access-control-allow-headers': 'Content-Type',
            'access-control-max-age': '600',
          })
          .status(204)
          .send(),
    );

    scope.post(
      `${WIDGET_API_PREFIX}:channelId/messages`,
      {
        config: { access: 'public' },
        bodyLimit: MESSAGE_BODY_LIMIT,
        schema: {
          params: WebhookParamsSchema,
          body: WidgetMessageInputSchema,
          response: { 200: ChannelReceiptSchema },
        },
      },
      async (request, reply) => {
        const { channelId } = request.params as { channelId: string };
        const input = request.body as WidgetMessageInput;
        const channel = await requireWidgetChannel(ctx, channelId);
        const visitor = requireSignedVisitor(deps.secrets, channel, input);
        const { duplicate } = await storeInboundMessages(ctx, deps.jobs, channel, 'widget', [
          {
            // Scoped by the visitor: another visitor cannot pre-empt this id.
            providerId: visitorMessageId(visitor, input.clientMessageId),
            sender: visitor,
            senderName: input.senderName ?? null,
            content: input.content,
            metadata: { origin: request.headers.origin ?? null },
          },
        ]);
        return reply.status(200).send({ received: true, duplicate });
      },
    );

    // A visitor the brand's page did not name, where the brand allows it (decision 287). A
    // body-less POST is a simple cross-origin request: no preflight.
    scope.post(
      `${WIDGET_API_PREFIX}:channelId/visitors`,
      {
        config: { access: 'public', rateLimit: 'chat' },
        schema: { params: WebhookParamsSchema, response: { 201: WidgetVisitorSchema } },
      },
      async (request, reply) => {
        const { channelId } = request.params as { channelId: string };
        const channel = await requireWidgetChannel(ctx, channelId);
        return reply.status(201).send(issueAnonymousVisitor(deps.secrets, channel));
      },
    );

    // The visitor's conversation so far: what the widget shows on a new page, and the replies
    // sent while its live stream was down.
    scope.get(
      `${WIDGET_API_PREFIX}:channelId/messages`,
      {
        config: { access: 'public' },
        schema: {
          params: WebhookParamsSchema,
          querystring: WidgetHistoryQuerySchema,
          response: { 200: WidgetHistorySchema },
        },
      },
      async (request, reply) => {
        const { channelId } = request.params as { channelId: string };
        const query = request.query as WidgetHistoryQuery;
        const channel = await requireWidgetChannel(ctx, channelId);
        const visitor = requireSignedVisitor(deps.secrets, channel, query);
        const rows = await listVisitorThread(ctx.db, channel.id, visitor, query.limit);
        const history: WidgetHistory = {
          items: rows.map((row) => ({
            id: row.direction === 'inbound' ? clientMessageIdOf(row, visitor) : row.messageId,
            from: row.direction === 'inbound' ? 'visitor' : 'brand',
            content: row.content,
            createdAt: row.createdAt.toISOString(),
          })),
        };
        return reply.header('cache-control', 'no-store').send(history);
      },
    );

    registerWidgetStream(scope, ctx, deps.secrets);
  });
}
