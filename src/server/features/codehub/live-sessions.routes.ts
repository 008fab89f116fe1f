import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import { isForeignOrigin } from '#server/http/csrf.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import {
  ChangeRoleSchema,
  CreatedSessionSchema,
  CreateSessionSchema,
  LiveSessionSchema,
  ParticipantParamsSchema,
  ReplayQuerySchema,
  ReplaySchema,
  SessionListSchema,
  SessionParamsSchema,
  SharedRunSchema,
  ShareRunSchema,
  type LiveRole,
} from '#shared/codehub/live-schemas.ts';
import { AppError, forbidden } from '#shared/errors/app-error.ts';
import { createLiveHub } from './live-hub.ts';
import * as live from './live-sessions.service.ts';

/**
 * A live message is one Yjs update or awareness change; a session's text is at most
 * MAX_SESSION_TEXT (2 Mi code units, up to twice as many UTF-8 bytes for most scripts).
 */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** What runs when the server closes, before its WebSocket server does. */
export interface WebSocketShutdown {
  add(step: () => Promise<void>): void;
}

/**
 * WebSocket support. Registered before the app's own request hooks: its hooks then mark an
 * upgrade request first, so a refused handshake (401, 403, 404) closes its socket afterwards.
 */
export async function registerWebSockets(app: FastifyInstance): Promise<WebSocketShutdown> {
  const steps: (() => Promise<void>)[] = [];
  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    // Pending log rows and file text are written before the database closes; clients reconnect.
    preClose(done) {
      void Promise.allSettled(steps.map((step) => step())).finally(() => {
        this.websocketServer.close();
        done();
      });
    },
  });
  return { add: (step) => steps.push(step) };
}

/** Live coding sessions, their WebSocket and their replay (issue 13 items 2 and 3). */
export async function registerLiveSessionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  shutdown: WebSocketShutdown,
) {
  const hub = await createLiveHub({ db: ctx.db, pubsub: ctx.pubsub, log: app.log });
  shutdown.add(() => hub.shutdown());

  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: 'user' } as const;

  api.get(
    '/api/codehub/sessions',
    { config: access, schema: { response: { 200: SessionListSchema } } },
    async (request) => live.listMySessions(ctx.db, requireUser(request).id),
  );

  api.post(
    '/api/codehub/sessions',
    {
      config: access,
      schema: { body: CreateSessionSchema, response: { 201: CreatedSessionSchema } },
    },
    async (request, reply) => {
      const created = await live.createSession(
        ctx.db,
        requireUser(request).id,
        request.body.projectId,
      );
      return reply.status(201).send(created);
    },
  );

  api.get(
    '/api/codehub/sessions/:sessionId',
    {
      config: access,
      schema: { params: SessionParamsSchema, response: { 200: LiveSessionSchema } },
    },
    async (request) => live.getSession(ctx.db, requireUser(request).id, request.params.sessionId),
  );

  api.post(
    '/api/codehub/sessions/:sessionId/join',
    {
      config: access,
      schema: { params: SessionParamsSchema, response: { 200: LiveSessionSchema } },
    },
    async (request) =>
      live.joinSession(ctx.db, hub, requireUser(request).id, request.params.sessionId),
  );

  api.patch(
    '/api/codehub/sessions/:sessionId/participants/:userId',
    {
      config: access,
      schema: {
        params: ParticipantParamsSchema,
        body: ChangeRoleSchema,
        response: { 200: LiveSessionSchema },
      },
    },
    async (request) =>
      live.changeRole(
        ctx.db,
        hub,
        requireUser(request).id,
        request.params.sessionId,
        request.params.userId,
        request.body,
      ),
  );

  api.post(
    '/api/codehub/sessions/:sessionId/end',
    {
      config: access,
      schema: { params: SessionParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await live.endSession(ctx.db, hub, requireUser(request).id, request.params.sessionId);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/codehub/sessions/:sessionId/runs',
    {
      config: access,
      schema: {
        params: SessionParamsSchema,
        body: ShareRunSchema,
        response: { 201: SharedRunSchema },
      },
    },
    async (request, reply) => {
      const run = await live.shareRun(
        ctx.db,
        hub,
        requireUser(request).id,
        request.params.sessionId,
        request.body,
      );
      return reply.status(201).send(run);
    },
  );

  api.get(
    '/api/codehub/sessions/:sessionId/replay',
    {
      config: access,
      schema: {
        params: SessionParamsSchema,
        querystring: ReplayQuerySchema,
        response: { 200: ReplaySchema },
      },
    },
    async (request) =>
      live.replay(ctx.db, requireUser(request).id, request.params.sessionId, request.query),
  );

  // The y-websocket endpoint: `new WebsocketProvider('…/api/codehub/live', sessionId, doc)`.
  // Everything is checked before the upgrade, so a refusal is an ordinary HTTP error answer.
  const roles = new WeakMap<FastifyRequest, LiveRole>();
  app.route<{ Params: { sessionId: string } }>({
    method: 'GET',
    url: '/api/codehub/live/:sessionId',
    config: access,
    schema: { params: SessionParamsSchema, hide: true },
    preHandler: async (request) => {
      // The same Origin rule as the CSRF check: a page elsewhere cannot open it with our cookie.
      if (isForeignOrigin(request, ctx.env.ALLOWED_ORIGINS)) {
        throw forbidden('Cross-origin request refused');
      }
      const userId = requireUser(request).id;
      roles.set(request, await live.connectionRole(ctx.db, userId, request.params.sessionId));
    },
    handler: async () => {
      throw new AppError('CLIENT_ERROR', 426, 'This address takes a WebSocket connection');
    },
    wsHandler: (socket, request) => {
      hub.serve(socket, {
        sessionId: request.params.sessionId,
        userId: requireUser(request).id,
        authSessionId: request.sessionId,
        role: roles.get(request)!,
      });
    },
  });
}
