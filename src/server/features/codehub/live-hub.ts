import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '#server/db/client.ts';
import type { SessionTarget } from '#server/ports/sessions.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import { codehubTopic, SESSIONS_ENDED_TOPIC } from '#server/realtime/topics.ts';
import { LIVE_CLOSE, type LiveRole } from '#shared/codehub/live-schemas.ts';
import * as presence from './live-presence.queries.ts';
import type { HubMessage } from './live-protocol.ts';
import type { Connection, Room, RoomHost } from './live-room.ts';

/**
 * The live coding hub (issue 13 item 2, decision 231): the rooms of this instance, one per
 * session with open connections; what the session routes announce (role changes, changes of the
 * details, the end) goes to every instance on the session's topic; an ended login closes its
 * connections. The rooms' module (and with it yjs, y-protocols and lib0) is loaded when the first
 * connection opens: a server nobody codes on live does not carry it.
 */

let roomModule: Promise<typeof import('./live-room.ts')> | undefined;
const loadRoomModule = () => (roomModule ??= import('./live-room.ts'));

export interface LiveConnectionInfo {
  sessionId: string;
  userId: number;
  authSessionId: number | null;
  role: LiveRole;
}

/** What the session routes tell the live connections (on every instance, via the topic). */
export interface LiveHub {
  /** Serves one accepted WebSocket until it closes. */
  serve(socket: WebSocket, info: LiveConnectionInfo): void;
  roleChanged(sessionId: string, userId: number, role: LiveRole): void;
  /** Participants or shared runs changed: clients refetch the details. */
  changed(sessionId: string): void;
  /** Resolves once this instance's room has written the session's text back (decision 333). */
  ended(sessionId: string): Promise<void>;
  /** Closes every connection (they reconnect elsewhere or later) after writing what is pending. */
  shutdown(): Promise<void>;
}

export async function createLiveHub(deps: {
  db: Database;
  pubsub: PubSub;
  log: FastifyBaseLogger;
}): Promise<LiveHub> {
  const rooms = new Map<string, Room>();
  /** Rooms still writing after their last connection left, by session. */
  const unloading = new Map<string, Promise<void>>();
  const host: RoomHost = {
    ...deps,
    instanceId: randomUUID(),
    async unload(room) {
      if (rooms.get(room.sessionId) !== room) return room.close();
      rooms.delete(room.sessionId);
      const done = room.close();
      unloading.set(room.sessionId, done);
      await done.finally(() => {
        if (unloading.get(room.sessionId) === done) unloading.delete(room.sessionId);
      });
    },
  };
  // This instance's presence rows live on while it runs (decision 233).
  const heartbeat = setInterval(() => {
    if (rooms.size === 0) return;
    presence.refreshPresence(deps.db, host.instanceId).catch((error: unknown) => {
      deps.log.error({ err: error }, 'live presence heartbeat');
    });
  }, presence.PRESENCE_HEARTBEAT_MS);
  heartbeat.unref();
  const publish = (sessionId: string, message: HubMessage) =>
    deps.pubsub.publish(codehubTopic(sessionId), message);

  // A login ended by an administrator or a sign-out: its live connections close too.
  const unsubscribeSessions = await deps.pubsub.subscribe(SESSIONS_ENDED_TOPIC, (message) => {
    const target = message as SessionTarget;
    for (const room of rooms.values()) {
      room.closeWhere(
        (c) =>
          'sessionId' in target
            ? c.authSessionId === target.sessionId
            : 'userId' in target && c.userId === target.userId,
        LIVE_CLOSE.loggedOut.code,
        LIVE_CLOSE.loggedOut.reason,
      );
    }
  });

  return {
    serve(socket, info) {
      const connection: Connection = {
        socket,
        userId: info.userId,
        authSessionId: info.authSessionId,
        role: info.role,
        clientIds: new Set(),
      };
      let room: Room | undefined;
      let unavailable = false;
      // Messages that arrive while the room loads wait for it, in order.
      let queue = loadRoomModule()
        .then(({ Room }) => {
          room = rooms.get(info.sessionId);
          if (!room) {
            room = new Room(info.sessionId, host, unloading.get(info.sessionId));
            rooms.set(info.sessionId, room);
          }
          return room.accept(connection);
        })
        .catch((error: unknown) => {
          // The session could not be loaded (database or Redis away): this connection closes,
          // the room goes with its last connection, and the client's reconnect loads it anew.
          unavailable = true;
          deps.log.error({ err: error, sessionId: info.sessionId }, 'live session unavailable');
          socket.close(LIVE_CLOSE.unavailable.code, LIVE_CLOSE.unavailable.reason);
        });
      socket.on('message', (data: Buffer) => {
        if (unavailable) return;
        const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        queue = queue.then(() => {
          try {
            room!.receive(connection, bytes);
          } catch (error) {
            deps.log.warn({ err: error }, 'live message refused');
            socket.close(1003, 'Unreadable message');
          }
        });
      });
      socket.on('close', () => void queue.then(() => room?.release(connection)));
      socket.on('error', () => socket.terminate());
    },
    roleChanged: (sessionId, userId, role) =>
      publish(sessionId, { from: host.instanceId, kind: 'role', userId, role }),
    changed: (sessionId) => publish(sessionId, { from: host.instanceId, kind: 'changed' }),
    async ended(sessionId) {
      publish(sessionId, { from: host.instanceId, kind: 'end' });
      // Typing the room has not written back yet reaches the files before the end is answered:
      // a save from a tab opened before the session is then refused as stale, not overwritten.
      await Promise.all([rooms.get(sessionId)?.writeNow(), unloading.get(sessionId)]);
    },
    async shutdown() {
      unsubscribeSessions();
      clearInterval(heartbeat);
      for (const room of rooms.values()) {
        room.closeWhere(() => true, LIVE_CLOSE.restart.code, LIVE_CLOSE.restart.reason);
      }
      await Promise.all([
        ...[...rooms.values()].map((room) => host.unload(room)),
        ...unloading.values(),
      ]);
    },
  };
}
