import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { Database } from '#server/db/client.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import { codehubTopic } from '#server/realtime/topics.ts';
import { LIVE_CLOSE, MAX_SESSION_TEXT, type LiveRole } from '#shared/codehub/live-schemas.ts';
import { loadInto, type SessionFile } from './live-document.ts';
import {
  awarenessFrame,
  awarenessStatesFrame,
  fromBase64,
  readClientFrame,
  EditSummaries,
  syncStep1Frame,
  toBase64,
  updateFrame,
  type AwarenessChanges,
  type HubMessage,
} from './live-protocol.ts';
import { editRow, RoomStore } from './live-room-store.ts';
import * as q from './live-sessions.queries.ts';

/**
 * One live session on one instance (decision 231): its connections, its Y.Doc and awareness.
 * The room decides what a connection may change (a viewer's document messages are dropped),
 * logs every accepted update through its store, and relays updates and awareness to the other
 * instances on the session's topic. Loaded on first use: it is where yjs comes in.
 */

export interface Connection {
  socket: WebSocket;
  userId: number;
  authSessionId: number | null;
  role: LiveRole;
  /** Awareness client ids this connection introduced, removed when it closes. */
  clientIds: Set<number>;
}

/** What a room needs from the hub that holds it. */
export interface RoomHost {
  db: Database;
  pubsub: PubSub;
  log: FastifyBaseLogger;
  instanceId: string;
  unload(room: Room): Promise<void>;
}

const REMOTE = Symbol('remote');
const LOADED = Symbol('loaded');

function isConnection(origin: unknown): origin is Connection {
  return typeof origin === 'object' && origin !== null && 'socket' in origin;
}

export class Room {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  readonly connections = new Map<WebSocket, Connection>();
  projectId = '';
  files: SessionFile[] = [];
  ready: Promise<void>;
  private readonly store: RoomStore;
  private unsubscribe: (() => void) | null = null;
  private readonly summaries = new EditSummaries(this.doc, isConnection);
  private closed = false;
  private closing: Promise<void> | null = null;
  private revision = 0;

  constructor(
    readonly sessionId: string,
    private readonly hub: RoomHost,
    /** The same session's previous room still writing: this one loads after it. */
    previous: Promise<void> | undefined,
  ) {
    this.store = new RoomStore(sessionId, hub.db, hub.log, () => this);
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
    this.setFiles((session.metadata.files as SessionFile[] | undefined) ?? []);
    this.store.sinceSnapshot = await loadInto(this.hub.db, this.sessionId, this.doc, LOADED);
  }

  /** The files shown (and written back); each file's edits are summarised for the log. */
  private setFiles(files: SessionFile[]) {
    this.files = files;
    for (const file of files) this.summaries.observe(file.id);
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
      void this.store
        .enter(connection.userId, this.hub.instanceId)
        .then(() => this.publishChanged());
    }
    this.send(connection, syncStep1Frame(this.doc));
    this.sendAwareness(connection, [...this.awareness.getStates().keys()]);
  }

  receive(connection: Connection, data: Uint8Array) {
    if (!this.connections.has(connection.socket)) return;
    // Roles are enforced here: a viewer's changes are neither applied nor relayed.
    const answer = readClientFrame(data, this.doc, this.awareness, connection, {
      canEdit: connection.role !== 'viewer',
      fits: (update) => this.fits(update),
    });
    if (answer === 'awareness') {
      this.sendAwareness(connection, [...this.awareness.getStates().keys()]);
    } else if (answer === 'too-large') {
      connection.socket.close(LIVE_CLOSE.tooLarge.code, LIVE_CLOSE.tooLarge.reason);
    } else if (answer) this.send(connection, answer);
  }

  /**
   * Whether the files' text stays within MAX_SESSION_TEXT with `update` applied. An update adds at
   * most its own size in text; a large one is measured by what it adds to this document (a client
   * may send again what the server has).
   */
  private fits(update: Uint8Array) {
    let length = 0;
    for (const type of this.doc.share.values()) if (type instanceof Y.Text) length += type.length;
    if (length + update.byteLength <= MAX_SESSION_TEXT) return true;
    const added = Y.diffUpdate(update, Y.encodeStateVector(this.doc));
    return length + added.byteLength <= MAX_SESSION_TEXT;
  }

  /** A connection went away: its cursors go, and the user is offline when it was their last. */
  release(connection: Connection) {
    if (!this.connections.delete(connection.socket)) return;
    awarenessProtocol.removeAwarenessStates(this.awareness, [...connection.clientIds], connection);
    const stillOnline = [...this.connections.values()].some(
      (other) => other.userId === connection.userId,
    );
    if (!stillOnline && !this.closed) this.leave(connection.userId, true);
    if (this.connections.size === 0) void this.hub.unload(this);
  }

  /** The user's last connection here closed (`leave` logged unless the room is shutting down). */
  private leave(userId: number, logLeave: boolean) {
    void this.store.leave(userId, this.hub.instanceId, logLeave).then(() => this.publishChanged());
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

  private publish(message: HubMessage) {
    this.hub.pubsub.publish(codehubTopic(this.sessionId), message);
  }

  private publishChanged() {
    this.publish({ from: this.hub.instanceId, kind: 'changed' });
  }

  // ---- document and awareness ----

  private onDocUpdate(update: Uint8Array, origin: unknown, transaction: Y.Transaction) {
    const message = updateFrame(update);
    for (const connection of this.connections.values()) this.send(connection, message);
    if (!isConnection(origin)) return;
    // Accepted here: logged by this instance, relayed to the others.
    this.store.log(editRow(this.sessionId, origin.userId, this.summaries.of(transaction), update));
    this.publish({ from: this.hub.instanceId, kind: 'update', data: toBase64(update) });
    this.store.scheduleWriteBack();
  }

  private onAwarenessUpdate(changes: AwarenessChanges, origin: unknown) {
    const changed = [...changes.added, ...changes.updated, ...changes.removed];
    if (isConnection(origin)) {
      for (const id of [...changes.added, ...changes.updated]) origin.clientIds.add(id);
      for (const id of changes.removed) origin.clientIds.delete(id);
    }
    const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed);
    const message = awarenessFrame(update);
    for (const connection of this.connections.values()) this.send(connection, message);
    // Clients' cursors go to the other instances; the server's own state stays here.
    if (isConnection(origin)) {
      this.publish({ from: this.hub.instanceId, kind: 'awareness', data: toBase64(update) });
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
      case 'files':
        // Logged once by the instance that made it; every room applies it (idempotent).
        this.setFiles(message.files);
        if (message.seed) Y.applyUpdate(this.doc, fromBase64(message.seed), REMOTE);
        this.bump();
        return;
      case 'end':
        this.closeWhere(() => true, LIVE_CLOSE.ended.code, LIVE_CLOSE.ended.reason);
        return;
    }
  }

  private sendAwareness(connection: Connection, clients: number[]) {
    if (clients.length === 0) return;
    this.send(connection, awarenessStatesFrame(this.awareness, clients));
  }

  private send(connection: Connection, message: Uint8Array) {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.socket.send(message, (error) => {
      if (error) connection.socket.terminate();
    });
  }

  // ---- closing ----

  /** Writes the text back now, not once the typing stops; resolves when every write is done. */
  writeNow() {
    this.store.flushWriteBack();
    return this.store.idle();
  }

  /** Writes everything pending (log, text, state) and lets go of the document. */
  close() {
    return (this.closing ??= this.finish());
  }

  private async finish() {
    await this.ready.catch(() => {});
    this.closed = true;
    this.store.flushWriteBack();
    this.store.flushLog();
    // Connections cut by a shutdown leave no 'leave' row; online they stay only elsewhere.
    for (const userId of new Set([...this.connections.values()].map((c) => c.userId))) {
      this.leave(userId, false);
    }
    await this.store.idle();
    this.unsubscribe?.();
    this.awareness.destroy();
    this.doc.destroy();
  }
}
