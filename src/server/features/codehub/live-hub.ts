import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { WebSocket } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { Database } from '#server/db/client.ts';
import type { SessionTarget } from '#server/ports/sessions.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import { codehubTopic, SESSIONS_ENDED_TOPIC } from '#server/realtime/topics.ts';
import { fileTextKey, LIVE_CLOSE, type LiveRole } from '#shared/codehub/live-schemas.ts';
import { compact, loadInto, writeBack, type SessionFile } from './live-document.ts';
import * as q from './live-sessions.queries.ts';

/**
 * The live coding transport (issue 13 item 2, decision 231): the y-websocket protocol (sync and
 * awareness) spoken by a small y-protocols server. One room per session and instance holds the
 * Y.Doc; the server decides what a connection may change (a viewer's document messages are
 * dropped), logs every accepted update, and relays updates and awareness to the other instances
 * on the session's topic.
 */

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_QUERY_AWARENESS = 3;
/** Typing pauses this long before the files' text is written back to code_files. */
const WRITE_BACK_DELAY_MS = 1000;
/** Logged updates between two snapshots. */
const COMPACT_EVERY = 200;
/** At most this much readable text per edit row (the update itself is kept whole). */
const EDIT_TEXT_MAX = 500;

interface Connection {
  socket: WebSocket;
  userId: number;
  authSessionId: number | null;
  role: LiveRole;
  /** Awareness client ids this connection introduced, removed when it closes. */
  clientIds: Set<number>;
}

/** What travels on `codehub:{sessionId}` (JSON on Redis: binary as base64). */
type HubMessage =
  | { from: string; kind: 'update' | 'awareness'; data: string }
  | { from: string; kind: 'role'; userId: number; role: LiveRole }
  | { from: string; kind: 'changed' }
  | { from: string; kind: 'end' };

/** An edit's readable summary, taken from the text events of its transaction. */
interface EditSummary {
  fileId: string;
  index: number;
  inserted: string;
  deleted: number;
}

const REMOTE = Symbol('remote');
const LOADED = Symbol('loaded');

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

function isConnection(origin: unknown): origin is Connection {
  return typeof origin === 'object' && origin !== null && 'socket' in origin;
}

function summarise(event: Y.YTextEvent, fileId: string): EditSummary {
  let index = 0;
  let first: number | null = null;
  let inserted = '';
  let deleted = 0;
  for (const op of event.delta) {
    if (op.retain !== undefined) index += op.retain;
    if (typeof op.insert === 'string') {
      first ??= index;
      inserted += op.insert;
      index += op.insert.length;
    }
    if (op.delete !== undefined) {
      first ??= index;
      deleted += op.delete;
    }
  }
  return { fileId, index: first ?? 0, inserted, deleted };
}

class Room {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  readonly connections = new Map<WebSocket, Connection>();
  projectId = '';
  files: SessionFile[] = [];
  ready: Promise<void>;
  private unsubscribe: (() => void) | null = null;
  private summaries = new WeakMap<Y.Transaction, EditSummary[]>();
  /** Rows waiting to be logged, written in order by one chain of writes. */
  private pending: q.CodeActionInsert[] = [];
  private writing: Promise<void> = Promise.resolve();
  private sinceSnapshot = 0;
  private writeBackTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    readonly sessionId: string,
    private readonly hub: LiveHubInternals,
    /** The same session's previous room still writing: this one loads after it. */
    previous: Promise<void> | undefined,
  ) {
    // The server's own awareness state carries a revision only: clients refetch the session
    // details when it changes (roles, participants, shared runs).
    this.awareness.setLocalState({ orbit: { rev: 0 } });
    this.doc.on('update', (update: Uint8Array, origin: unknown, _doc, transaction) =>
      this.onDocUpdate(update, origin, transaction),
    );
    this.awareness.on('update', (changes: AwarenessChanges, origin: unknown) =>
      this.onAwarenessUpdate(changes, origin),
    );
    this.ready = (previous ?? Promise.resolve()).then(() => this.load());
  }

  private async load() {
    this.unsubscribe = await this.hub.pubsub.subscribe(codehubTopic(this.sessionId), (message) =>
      this.onHubMessage(message as HubMessage),
    );
    const session = await q.findSession(this.hub.db, this.sessionId);
    if (!session) return;
    this.projectId = session.projectId;
    this.files = (session.metadata.files as SessionFile[] | undefined) ?? [];
    for (const file of this.files) {
      const text = this.doc.getText(fileTextKey(file.id));
      text.observe((event) => {
        if (!isConnection(event.transaction.origin)) return;
        const list = this.summaries.get(event.transaction) ?? [];
        list.push(summarise(event, file.id));
        this.summaries.set(event.transaction, list);
      });
    }
    this.sinceSnapshot = await loadInto(this.hub.db, this.sessionId, this.doc, LOADED);
  }

  // ---- connections ----

  async accept(connection: Connection) {
    this.connections.set(connection.socket, connection);
    await this.ready;
    if (this.closed) return;
    const wasOnline = [...this.connections.values()].some(
      (other) => other !== connection && other.userId === connection.userId,
    );
    if (!wasOnline) {
      this.log({ sessionId: this.sessionId, userId: connection.userId, actionType: 'join' });
      void this.queueWrite(() =>
        q.setConnection(this.hub.db, this.sessionId, connection.userId, true),
      ).then(() => this.publishChanged());
    }
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, this.doc);
    this.send(connection, encoding.toUint8Array(encoder));
    this.sendAwareness(connection, [...this.awareness.getStates().keys()]);
  }

  receive(connection: Connection, data: Uint8Array) {
    if (!this.connections.has(connection.socket)) return;
    const decoder = decoding.createDecoder(data);
    const encoder = encoding.createEncoder();
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_SYNC) {
      encoding.writeVarUint(encoder, MESSAGE_SYNC);
      const step = decoding.readVarUint(decoder);
      if (step === syncProtocol.messageYjsSyncStep1) {
        syncProtocol.readSyncStep1(decoder, encoder, this.doc);
      } else if (
        step === syncProtocol.messageYjsSyncStep2 ||
        step === syncProtocol.messageYjsUpdate
      ) {
        const update = decoding.readVarUint8Array(decoder);
        // Roles are enforced here: a viewer's changes are neither applied nor relayed.
        if (connection.role !== 'viewer') Y.applyUpdate(this.doc, update, connection);
      }
      if (encoding.length(encoder) > 1) this.send(connection, encoding.toUint8Array(encoder));
    } else if (type === MESSAGE_AWARENESS) {
      awarenessProtocol.applyAwarenessUpdate(
        this.awareness,
        decoding.readVarUint8Array(decoder),
        connection,
      );
    } else if (type === MESSAGE_QUERY_AWARENESS) {
      this.sendAwareness(connection, [...this.awareness.getStates().keys()]);
    }
  }

  /** A connection went away: its cursors go, and the user is offline when it was their last. */
  release(connection: Connection) {
    if (!this.connections.delete(connection.socket)) return;
    awarenessProtocol.removeAwarenessStates(this.awareness, [...connection.clientIds], connection);
    const stillOnline = [...this.connections.values()].some(
      (other) => other.userId === connection.userId,
    );
    if (!stillOnline && !this.closed) {
      this.log({ sessionId: this.sessionId, userId: connection.userId, actionType: 'leave' });
      void this.queueWrite(() =>
        q.setConnection(this.hub.db, this.sessionId, connection.userId, false),
      ).then(() => this.publishChanged());
    }
    if (this.connections.size === 0) void this.hub.unload(this);
  }

  setRole(userId: number, role: LiveRole) {
    for (const connection of this.connections.values()) {
      if (connection.userId === userId) connection.role = role;
    }
  }

  closeWhere(match: (connection: Connection) => boolean, code: number, reason: string) {
    for (const connection of [...this.connections.values()]) {
      if (match(connection)) connection.socket.close(code, reason);
    }
  }

  /** Bumps the server's awareness revision: clients refetch the session details. */
  bump() {
    this.revision = Math.max(this.revision + 1, Date.now());
    this.awareness.setLocalState({ orbit: { rev: this.revision } });
  }
  private revision = 0;

  private publishChanged() {
    this.hub.pubsub.publish(codehubTopic(this.sessionId), {
      from: this.hub.instanceId,
      kind: 'changed',
    } satisfies HubMessage);
  }

  // ---- document and awareness ----

  private onDocUpdate(update: Uint8Array, origin: unknown, transaction: Y.Transaction) {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeUpdate(encoder, update);
    const message = encoding.toUint8Array(encoder);
    for (const connection of this.connections.values()) this.send(connection, message);
    if (!isConnection(origin)) return;
    // Accepted here: logged by this instance, relayed to the others.
    const summaries = this.summaries.get(transaction) ?? [];
    const first = summaries[0];
    const inserted = summaries.map((s) => s.inserted).join('');
    this.log({
      sessionId: this.sessionId,
      userId: origin.userId,
      actionType: 'edit',
      content: inserted.slice(0, EDIT_TEXT_MAX),
      position: first ? { fileId: first.fileId, index: first.index } : null,
      metadata: {
        files: [...new Set(summaries.map((s) => s.fileId))],
        inserted: inserted.length,
        deleted: summaries.reduce((sum, s) => sum + s.deleted, 0),
      },
      update,
    });
    this.hub.pubsub.publish(codehubTopic(this.sessionId), {
      from: this.hub.instanceId,
      kind: 'update',
      data: toBase64(update),
    } satisfies HubMessage);
    this.scheduleWriteBack();
  }

  private onAwarenessUpdate(changes: AwarenessChanges, origin: unknown) {
    const changed = [...changes.added, ...changes.updated, ...changes.removed];
    if (isConnection(origin)) {
      for (const id of [...changes.added, ...changes.updated]) origin.clientIds.add(id);
      for (const id of changes.removed) origin.clientIds.delete(id);
    }
    const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed);
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(encoder, update);
    const message = encoding.toUint8Array(encoder);
    for (const connection of this.connections.values()) this.send(connection, message);
    // Clients' cursors go to the other instances; the server's own state stays here.
    if (isConnection(origin)) {
      this.hub.pubsub.publish(codehubTopic(this.sessionId), {
        from: this.hub.instanceId,
        kind: 'awareness',
        data: toBase64(update),
      } satisfies HubMessage);
    }
  }

  private onHubMessage(message: HubMessage) {
    if (this.closed) return;
    switch (message.kind) {
      case 'update':
        if (message.from !== this.hub.instanceId) {
          Y.applyUpdate(this.doc, fromBase64(message.data), REMOTE);
        }
        return;
      case 'awareness':
        if (message.from !== this.hub.instanceId) {
          awarenessProtocol.applyAwarenessUpdate(this.awareness, fromBase64(message.data), REMOTE);
        }
        return;
      case 'role':
        this.setRole(message.userId, message.role);
        this.bump();
        return;
      case 'changed':
        this.bump();
        return;
      case 'end':
        this.closeWhere(() => true, LIVE_CLOSE.ended.code, LIVE_CLOSE.ended.reason);
        return;
    }
  }

  private sendAwareness(connection: Connection, clients: number[]) {
    if (clients.length === 0) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(
      encoder,
      awarenessProtocol.encodeAwarenessUpdate(this.awareness, clients),
    );
    this.send(connection, encoding.toUint8Array(encoder));
  }

  private send(connection: Connection, message: Uint8Array) {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.socket.send(message, (error) => {
      if (error) connection.socket.terminate();
    });
  }

  // ---- persistence ----

  private log(row: q.CodeActionInsert) {
    this.pending.push({ timestamp: new Date(), ...row });
    void this.queueWrite(async () => {
      const rows = this.pending.splice(0);
      if (rows.length === 0) return;
      await q.insertActions(this.hub.db, rows);
      this.sinceSnapshot += rows.filter((r) => r.update).length;
      if (this.sinceSnapshot >= COMPACT_EVERY) {
        this.sinceSnapshot = 0;
        await compact(this.hub.db, this.sessionId);
      }
    });
  }

  /** Runs `write` after every earlier one; a failure is logged and does not stop the chain. */
  private queueWrite(write: () => Promise<unknown>) {
    const next = this.writing.then(write).then(
      () => {},
      (error: unknown) => this.hub.log.error({ err: error, sessionId: this.sessionId }, 'live'),
    );
    this.writing = next;
    return next;
  }

  private scheduleWriteBack() {
    if (this.writeBackTimer) clearTimeout(this.writeBackTimer);
    this.writeBackTimer = setTimeout(() => {
      this.writeBackTimer = null;
      void this.queueWrite(() => writeBack(this.hub.db, this.projectId, this.files, this.doc));
    }, WRITE_BACK_DELAY_MS);
  }

  private closing: Promise<void> | null = null;

  /** Writes everything pending (log, text, state) and lets go of the document. */
  close() {
    return (this.closing ??= this.finish());
  }

  private async finish() {
    await this.ready.catch(() => {});
    const writeBackDue = this.writeBackTimer !== null;
    if (this.writeBackTimer) clearTimeout(this.writeBackTimer);
    this.closed = true;
    if (writeBackDue) {
      void this.queueWrite(() => writeBack(this.hub.db, this.projectId, this.files, this.doc));
    }
    // Connections cut by a shutdown leave no 'leave' row, but nobody stays online.
    for (const userId of new Set([...this.connections.values()].map((c) => c.userId))) {
      void this.queueWrite(() => q.setConnection(this.hub.db, this.sessionId, userId, false));
    }
    await this.writing;
    this.unsubscribe?.();
    this.awareness.destroy();
    this.doc.destroy();
  }
}

interface AwarenessChanges {
  added: number[];
  updated: number[];
  removed: number[];
}

interface LiveHubInternals {
  db: Database;
  pubsub: PubSub;
  log: FastifyBaseLogger;
  instanceId: string;
  unload(room: Room): Promise<void>;
}

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
  ended(sessionId: string): void;
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
  const internals: LiveHubInternals = {
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
  const publish = (sessionId: string, message: HubMessage) =>
    deps.pubsub.publish(codehubTopic(sessionId), message);

  // A login ended by an administrator or a sign-out: its live connections close too.
  const unsubscribeSessions = await deps.pubsub.subscribe(SESSIONS_ENDED_TOPIC, (message) => {
    const target = message as SessionTarget;
    for (const room of rooms.values()) {
      room.closeWhere(
        (c) =>
          'sessionId' in target ? c.authSessionId === target.sessionId : c.userId === target.userId,
        LIVE_CLOSE.loggedOut.code,
        LIVE_CLOSE.loggedOut.reason,
      );
    }
  });

  return {
    serve(socket, info) {
      let room = rooms.get(info.sessionId);
      if (!room) {
        room = new Room(info.sessionId, internals, unloading.get(info.sessionId));
        rooms.set(info.sessionId, room);
      }
      const current = room;
      const connection: Connection = {
        socket,
        userId: info.userId,
        authSessionId: info.authSessionId,
        role: info.role,
        clientIds: new Set(),
      };
      // Messages that arrive while the room loads wait for it, in order.
      let queue = current.accept(connection);
      socket.on('message', (data: Buffer) => {
        const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        queue = queue.then(() => {
          try {
            current.receive(connection, bytes);
          } catch (error) {
            deps.log.warn({ err: error }, 'live message refused');
            socket.close(1003, 'Unreadable message');
          }
        });
      });
      socket.on('close', () => void queue.then(() => current.release(connection)));
      socket.on('error', () => socket.terminate());
    },
    roleChanged: (sessionId, userId, role) =>
      publish(sessionId, { from: internals.instanceId, kind: 'role', userId, role }),
    changed: (sessionId) => publish(sessionId, { from: internals.instanceId, kind: 'changed' }),
    ended: (sessionId) => publish(sessionId, { from: internals.instanceId, kind: 'end' }),
    async shutdown() {
      unsubscribeSessions();
      for (const room of rooms.values()) {
        room.closeWhere(() => true, LIVE_CLOSE.restart.code, LIVE_CLOSE.restart.reason);
      }
      await Promise.all([
        ...[...rooms.values()].map((room) => internals.unload(room)),
        ...unloading.values(),
      ]);
    },
  };
}
