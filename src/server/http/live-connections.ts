import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PubSub } from '#server/realtime/pubsub.ts';
import { SESSIONS_ENDED_TOPIC } from '#server/realtime/topics.ts';
import { isApiRequest } from './request-path.ts';

/**
 * Whose connections to close: one session, every session of one user, or only a user's streams
 * of administrator routes (their administrator rights were taken away).
 */
export type SessionTarget = { sessionId: number } | { userId: number } | { adminStreamsOf: number };

interface Live {
  userId: number;
  sessionId: number | null;
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
  close(target: SessionTarget): void;
  /** Open streams on this instance (tests, metrics). */
  count(): number;
  stop(): Promise<void>;
}

function matches(live: Live, target: SessionTarget) {
  if ('sessionId' in target) return live.sessionId === target.sessionId;
  if ('adminStreamsOf' in target) return live.admin && live.userId === target.adminStreamsOf;
  return live.userId === target.userId;
}

function isTarget(message: unknown): message is SessionTarget {
  if (typeof message !== 'object' || message === null) return false;
  const value = message as Record<string, unknown>;
  return ['sessionId', 'userId', 'adminStreamsOf'].some((key) => typeof value[key] === 'number');
}

/**
 * Long-lived answers (Server-Sent Events: the chat's replies) outlive the session check made
 * when they started. A revoked, suspended or deleted session must not keep its stream (issue
 * 12), so every signed-in event-stream request is tracked until it closes, and a notice on the
 * realtime layer ends the matching ones on whichever instance holds them. The client then
 * reconnects, and that request gets 401. A notice for a whole user (suspended or deleted) also
 * reaches `userEnded` on every instance: the replies still being written for them end too.
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
      if (live.reply.raw.headersSent) live.reply.raw.end();
      else live.reply.raw.destroy();
    }
  });

  return {
    async track(request, reply) {
      if (!request.user || !isApiRequest(request)) return;
      if (!(request.headers.accept ?? '').includes('text/event-stream')) return;
      const live: Live = {
        userId: request.user.id,
        sessionId: request.sessionId,
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
