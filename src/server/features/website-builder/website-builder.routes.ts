import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import { writeEventStreamHead } from '#server/http/event-stream-head.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import {
  BuildResultSchema,
  BuildStreamEventSchema,
  BuildWebsiteSchema,
  UpdateWebsiteSchema,
  WebsiteDetailSchema,
  WebsiteListQuerySchema,
  WebsitePageSchema,
  WebsiteParamsSchema,
  type BuildStep,
  type BuildWebsiteInput,
} from '#shared/codehub/website-builder-schemas.ts';
import { AppError, type ErrorEnvelope } from '#shared/errors/app-error.ts';
import { requireBuildBudget } from './build-usage.ts';
import { estimateBuildRequest } from './site-author.ts';
import { createWebsiteBuilder } from './website-builder.service.ts';
import * as sites from './websites.service.ts';
import { registerWebsitePageRoutes } from './website-page.routes.ts';

/** JSON once the site is built, or with `Accept: text/event-stream` its steps and then the result. */
const BUILD_RESPONSE = {
  200: {
    description: 'The built site (JSON), or Server-Sent Events: step …, then result (or error)',
    content: {
      'application/json': { schema: BuildResultSchema },
      'text/event-stream': { schema: BuildStreamEventSchema },
    },
  },
};

const HEARTBEAT_MS = 15_000;

function wantsEventStream(request: FastifyRequest) {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

function envelopeOf(error: unknown): ErrorEnvelope {
  if (error instanceof AppError) {
    return {
      message: error.message,
      code: error.code,
      statusCode: error.statusCode,
      ...(error.details === undefined ? {} : { details: error.details }),
    };
  }
  return { message: 'An error occurred', code: 'SERVER_ERROR', statusCode: 500 };
}

/** Aborts when the client hangs up before the answer is complete. */
function clientGone(reply: FastifyReply) {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client closed the request'));
  });
  return controller.signal;
}

/** The AI website builder and its sites (spec 02 §2, §3, §7; issue 13 item 5). */
export function registerWebsiteBuilderRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: 'user' } as const;
  /** A build calls a paid model several times: it counts like a chat message, besides the daily limit. */
  const buildAccess = { access: 'user', rateLimit: 'chat' } as const;
  const builder = createWebsiteBuilder(ctx, app.log);

  const build = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: BuildWebsiteInput,
    professional: boolean,
  ) => {
    const user = requireUser(request);
    // Before the daily build count and the stream: a plain 429 that costs the user no build.
    const budget = await requireBuildBudget(ctx.db, user, {
      estimatedTokens: estimateBuildRequest(input.prompt),
    });
    const signal = clientGone(reply);
    if (!wantsEventStream(request)) {
      return builder.build(user, input, { professional, budget, onStep: () => {}, signal });
    }
    reply.hijack();
    const res = writeEventStreamHead(request, reply);
    const send = (event: string, data: unknown) => {
      if (!res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // A comment line now and then keeps proxies from closing a stream that is quiet while the model writes.
    const heartbeat = setInterval(() => {
      if (!res.destroyed) res.write(': ping\n\n');
    }, HEARTBEAT_MS).unref();
    try {
      const result = await builder.build(user, input, {
        professional,
        budget,
        onStep: (step: BuildStep) => send('step', step),
        signal,
      });
      send('result', result);
    } catch (error) {
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'website build failed');
      send('error', envelopeOf(error));
    } finally {
      clearInterval(heartbeat);
      res.end();
    }
    return reply;
  };

  api.post(
    '/api/codehub/build-website',
    { config: buildAccess, schema: { body: BuildWebsiteSchema, response: BUILD_RESPONSE } },
    (request, reply) => build(request, reply, request.body, false),
  );

  api.post(
    '/api/codehub/build-professional-website',
    { config: buildAccess, schema: { body: BuildWebsiteSchema, response: BUILD_RESPONSE } },
    (request, reply) => build(request, reply, request.body, true),
  );

  api.get(
    '/api/codehub/websites',
    {
      config: access,
      schema: { querystring: WebsiteListQuerySchema, response: { 200: WebsitePageSchema } },
    },
    async (request) => sites.listSites(ctx, requireUser(request).id, request.query),
  );

  api.get(
    '/api/codehub/websites/:projectId',
    {
      config: access,
      schema: { params: WebsiteParamsSchema, response: { 200: WebsiteDetailSchema } },
    },
    async (request) => sites.getSite(ctx, requireUser(request).id, request.params.projectId),
  );

  api.patch(
    '/api/codehub/websites/:projectId',
    {
      config: access,
      schema: {
        params: WebsiteParamsSchema,
        body: UpdateWebsiteSchema,
        response: { 200: WebsiteDetailSchema },
      },
    },
    async (request) =>
      sites.updateSite(ctx, requireUser(request).id, request.params.projectId, request.body),
  );

  api.delete(
    '/api/codehub/websites/:projectId',
    {
      config: access,
      schema: { params: WebsiteParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await sites.deleteSite(ctx, requireUser(request).id, request.params.projectId);
      return reply.status(204).send();
    },
  );

  registerWebsitePageRoutes(app, ctx);
}
