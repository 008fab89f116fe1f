import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PubSub } from '#server/realtime/pubsub.ts';
import { SESSIONS_ENDED_TOPIC } from '#server/realtime/topics.ts';
import type { OpenAiError } from '#shared/openai/openai-schemas.ts';
import { isApiRequest } from './request-path.ts';

/**
 * Whose connections to close: one session, every session of one user, or only a user's streams
 * of administrator routes (their administrator rights were taken away).
 */
export type SessionTarget = { sessionId: number } | { userId: number } | { adminStreamsOf: number };

/** Whose open streams to close: a session target, or the calls of one revoked API key. */
export type StreamTarget = SessionTarget | { apiKeyId: number };

interface Live {
  userId: number;
  sessionId: number | null;
  /** The API key an OpenAI-compatible call came with. */
  apiKeyId: number | null;
  /** Opened on an administrator route. */
  admin: boolean;
  reply: FastifyReply;
}

export interface LiveConnections {
  /**
   * An onRequest hook, added after the session resolver: tracks a signed-in event-stream request
   * until its connection closes.
   */
  track(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Closes the target's open streams on every instance (after the sessions ended in the database). */
  close(target: StreamTarget): void;
  /** Open streams on this instance (tests, metrics). */
  count(): number;
  stop(): Promise<void>;
}

function matches(live: Live, target: StreamTarget) {
  if ('sessionId' in target) return live.sessionId === target.sessionId;
  if ('apiKeyId' in target) return live.apiKeyId === target.apiKeyId;
  if ('adminStreamsOf' in target) return live.admin && live.userId === target.adminStreamsOf;
  return live.userId === target.userId;
}

function isTarget(message: unknown): message is StreamTarget {
  if (typeof message !== 'object' || message === null) return false;
  const value = message as Record<string, unknown>;
  return ['sessionId', 'userId', 'adminStreamsOf', 'apiKeyId'].some(
    (key) => typeof value[key] === 'number',
  );
}

/**
 * What an API-key stream under way gets before it ends: OpenAI's error event, which its SDKs
 * raise (decision 337). A chat stream just ends; its client reconnects and gets 401.
 */
const KEY_ENDED_EVENT = `data: ${JSON.stringify({
  error: {
    message: 'This API key is no longer valid',
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    param: null,
  },
} satisfies OpenAiError)}\n\n`;

/**
 * Long-lived answers (Server-Sent Events: the chat's replies) outlive the session check made
 * when they started. A revoked, suspended or deleted session must not keep its stream (issue
 * 12), so every signed-in event-stream request is tracked until it closes, and a notice on the
 * realtime layer ends the matching ones on whichever instance holds them. The client then
 * reconnects, and that request gets 401. A notice for a whole user (suspended or deleted) also
 * reaches `userEnded` on every instance: the replies still being written for them end too.
 * Calls with an API key (the OpenAI-compatible API) are tracked whatever they accept, as OpenAI's
 * SDKs stream with `Accept: application/json`; a revoked key ends its calls (decision 337).
 */
export async function createLiveConnections(
  pubsub: PubSub,
  userEnded: (userId: number) => void = () => {},
): Promise<LiveConnections> {
  const open = new Set<Live>();

  const unsubscribe = await pubsub.subscribe(SESSIONS_ENDED_TOPIC, (message) => {
    if (!isTarget(message)) return;
    if ('userId' in message) userEnded(message.userId);
    for (const live of open) {
      if (!matches(live, message)) continue;
      open.delete(live);
      // A stream already under way ends cleanly; one still being prepared is cut.
      const res = live.reply.raw;
      if (res.writableEnded) continue;
      if (res.headersSent) res.end(live.apiKeyId === null ? undefined : KEY_ENDED_EVENT);
      else res.destroy();
    }
  });

  return {
    async track(request, reply) {
      if (!request.user || !isApiRequest(request)) return;
      const apiKeyId = request.apiKey?.id ?? null;
      if (apiKeyId === null && !(request.headers.accept ?? '').includes('text/event-stream'))
        return;
      const live: Live = {
        userId: request.user.id,
        sessionId: request.sessionId,
        apiKeyId,
        admin: request.routeOptions.config.access === 'admin',
        reply,
      };
      open.add(live);
      reply.raw.once('close', () => open.delete(live));
    },
    close: (target) => pubsub.publish(SESSIONS_ENDED_TOPIC, target),
    count: () => open.size,
    stop: async () => unsubscribe(),
  };
}
