import { connect, type Socket } from 'node:net';

/**
 * A PostgreSQL wire-protocol client that sends exactly the bytes a test gives it, for what
 * node-postgres never does on purpose: stop between a query's messages, or drop mid-query.
 */
export interface RawConnection {
  socket: Socket;
  send(...messages: Buffer[]): void;
  /** Resolves when the server has answered with a message of this type `count` times in all. */
  received(type: string, count?: number): Promise<void>;
  /** The text of the server's error messages so far. */
  errors(): string[];
}

function message(type: string, ...parts: Buffer[]) {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}
const cstring = (text: string) => Buffer.from(`${text}\0`);
const int16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};

export const wire = {
  query: (text: string) => message('Q', cstring(text)),
  /** The unnamed statement, its parameters' types left to the server. */
  parse: (text: string) => message('P', cstring(''), cstring(text), int16(0)),
  /** The unnamed portal of the unnamed statement, text parameters. */
  bind: (...values: string[]) =>
    message(
      'B',
      cstring(''),
      cstring(''),
      int16(0),
      int16(values.length),
      ...values.flatMap((value) => [int32(Buffer.byteLength(value)), Buffer.from(value)]),
      int16(0),
    ),
  execute: () => message('E', cstring(''), int32(0)),
  sync: () => message('S'),
  terminate: () => message('X'),
};

export async function rawConnection(socketPath: string): Promise<RawConnection> {
  const socket = connect(socketPath);
  socket.on('error', () => {});
  let buffer = Buffer.alloc(0);
  const types: string[] = [];
  const errors: string[] = [];
  const waiters = new Set<() => void>();
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    while (buffer.length >= 5 && buffer.length >= 1 + buffer.readInt32BE(1)) {
      const length = 1 + buffer.readInt32BE(1);
      const type = String.fromCharCode(buffer[0]!);
      types.push(type);
      if (type === 'E') errors.push(buffer.subarray(5, length).toString('utf8'));
      buffer = buffer.subarray(length);
    }
    for (const waiter of waiters) waiter();
  });
  const received = (type: string, count = 1) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (types.filter((seen) => seen === type).length < count) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const startup = Buffer.concat([
    int32(196608),
    cstring('user'),
    cstring('postgres'),
    cstring('database'),
    cstring('postgres'),
    Buffer.from([0]),
  ]);
  socket.write(Buffer.concat([int32(4 + startup.length), startup]));
  await received('Z');
  return {
    socket,
    send: (...messages) => socket.write(Buffer.concat(messages)),
    received,
    errors: () => errors,
  };
}
