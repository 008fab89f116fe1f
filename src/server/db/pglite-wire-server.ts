import { createServer, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Serves one PGlite over a Unix socket in the PostgreSQL wire protocol, for node-postgres on the
 * main thread. Every complete message a read brings goes to PGlite in one call and its whole answer
 * back in one write: node-postgres sends a query's Bind, Execute and Sync in one corked write, so a
 * statement costs one pass through PGlite and one write each way. (`@electric-sql/pglite-socket`
 * passed every message separately, each behind a mutex and its own write: a prepared select took
 * 347 µs through it and takes 192 µs here; decision 006.)
 *
 * PGlite is one session. A connection that opens a transaction, or whose last read ended between
 * a query's messages, owns it until its Sync or simple Query ends that; reads from other connections
 * wait meanwhile. A connection that closes while it owns the session has its transaction rolled back.
 */
export async function servePgliteWire(
  db: PGlite,
  socketPath: string,
): Promise<{ isIdle(): boolean; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let owner: Connection | null = null;
  const waiting: Connection[] = [];

  const run = (connection: Connection) => {
    if (owner !== null && owner !== connection) {
      if (!waiting.includes(connection)) waiting.push(connection);
      return;
    }
    const batch = connection.takeBatch();
    if (batch === null) {
      if (connection.terminated) connection.socket.end();
      return;
    }
    const answer = db.execProtocolRawSync(batch.bytes);
    if (answer.length > 0 && !connection.socket.destroyed) connection.socket.write(answer);
    if (connection.terminated) connection.socket.end();
    owner = batch.endsQuery && !db.isInTransaction() ? null : connection;
    if (owner === null) runWaiting();
  };
  const runWaiting = () => {
    while (owner === null && waiting.length > 0) run(waiting.shift()!);
  };
  const release = (connection: Connection) => {
    const index = waiting.indexOf(connection);
    if (index >= 0) waiting.splice(index, 1);
    if (owner !== connection) return;
    // As PostgreSQL does for a lost connection: roll back what it began. A ROLLBACK aborts the
    // implicit transaction of an extended query left without its Sync (which would commit it),
    // the Sync ends that query (after an error PostgreSQL ignores everything until a Sync, the
    // next connection's queries included), and a second ROLLBACK ends an explicit transaction.
    db.execProtocolRawSync(Buffer.concat([simpleQuery('ROLLBACK'), SYNC_MESSAGE]));
    if (db.isInTransaction()) db.execProtocolRawSync(simpleQuery('ROLLBACK'));
    owner = null;
    runWaiting();
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    const connection = new Connection(socket);
    socket.on('data', (chunk) => {
      connection.receive(chunk);
      try {
        run(connection);
      } catch (error) {
        // execProtocolRawSync answers database errors itself; anything thrown is a broken
        // connection, which must not take the worker down with it.
        socket.destroy(error as Error);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      release(connection);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    /** No connection is inside a transaction or between a query's messages. */
    isIdle: () => owner === null,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const SSL_REQUEST = 80877103;
const GSS_ENCRYPTION_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  /** The client sent Terminate: the connection ends once what came before it is answered. */
  terminated = false;

  constructor(readonly socket: Socket) {}

  receive(chunk: Buffer) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
  }

  /**
   * The complete messages received so far, or null if none is complete yet. Before the session
   * starts: encryption requests are declined here, the startup message goes alone.
   */
  takeBatch(): { bytes: Uint8Array; endsQuery: boolean } | null {
    while (!this.started) {
      if (this.buffer.length < 8) return null;
      const length = this.buffer.readInt32BE(0);
      if (this.buffer.length < length) return null;
      const code = this.buffer.readInt32BE(4);
      const message = this.take(length);
      if (code === SSL_REQUEST || code === GSS_ENCRYPTION_REQUEST) {
        this.socket.write('N');
      } else if (code === CANCEL_REQUEST) {
        // PGlite runs one statement at a time to its end: there is nothing to cancel.
        this.socket.end();
        return null;
      } else {
        this.started = true;
        return { bytes: message, endsQuery: true };
      }
    }
    let end = 0;
    let lastType = 0;
    while (this.buffer.length - end >= 5) {
      if (this.buffer[end] === TERMINATE) {
        // The client is done: the messages before it are answered, then the connection ends.
        // (PGlite ignores a Terminate only at the start of what it is given; after a query it
        // brought the whole process down.)
        this.terminated = true;
        this.buffer = this.buffer.subarray(0, end);
        break;
      }
      const length = 1 + this.buffer.readInt32BE(end + 1);
      if (this.buffer.length - end < length) break;
      lastType = this.buffer[end]!;
      end += length;
    }
    if (end === 0) return null;
    // Sync ends an extended-protocol query, Query a simple one.
    const endsQuery = lastType === SYNC || lastType === QUERY;
    return { bytes: this.take(end), endsQuery };
  }

  private take(length: number): Uint8Array {
    const bytes = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return bytes;
  }
}

const SYNC = 'S'.charCodeAt(0);
const QUERY = 'Q'.charCodeAt(0);
const TERMINATE = 'X'.charCodeAt(0);
const SYNC_MESSAGE = Uint8Array.of(SYNC, 0, 0, 0, 4);

/** A simple-protocol Query message. */
export function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message[0] = QUERY;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}
