import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread, type PgliteThread } from '#server/db/pglite-thread.ts';
import { rawConnection, wire } from '#tests/support/pg-wire.ts';

// PGlite is one session behind every connection (src/server/db/pglite-wire-server.ts): these are
// the guarantees node-postgres relies on when the pool replaces its connection.
let thread: PgliteThread;
const clients: pg.Client[] = [];

async function connect() {
  const client = new pg.Client({
    host: thread.socketDir,
    port: thread.socketPort,
    user: 'postgres',
    database: 'postgres',
  });
  client.on('error', () => {});
  await client.connect();
  clients.push(client);
  return client;
}
const count = async (client: pg.Client) =>
  Number((await client.query<{ n: string }>('select count(*) as n from notes')).rows[0]!.n);

beforeAll(async () => {
  thread = await startPgliteThread({});
  const setup = await connect();
  await setup.query('create table notes (body text not null)');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => {})));
  await thread.close();
});

describe('PGlite over its socket', () => {
  it("keeps another connection's queries out of an open transaction", async () => {
    const [a, b] = [await connect(), await connect()];
    await a.query('begin');
    await a.query('insert into notes (body) values ($1)', ['draft']);
    // Run inside a's transaction, this would see the draft that is rolled back below.
    const seenByB = count(b);
    await a.query('rollback');
    expect(await seenByB).toBe(0);
    expect(await count(a)).toBe(0);
  });

  it('rolls back the transaction of a connection that goes away', async () => {
    const [a, b] = [await connect(), await connect()];
    await a.query('begin');
    await a.query('insert into notes (body) values ($1)', ['lost']);
    const seenByB = count(b);
    (a as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect(await seenByB).toBe(0);
    // b can open a transaction of its own: nothing of a's is left open.
    await b.query('begin');
    await b.query('insert into notes (body) values ($1)', ['kept']);
    await b.query('commit');
    expect(await count(b)).toBe(1);
  });

  it('leaves the session usable when a connection drops after a failed statement, before its Sync', async () => {
    const a = await rawConnection(path.join(thread.socketDir, `.s.PGSQL.${thread.socketPort}`));
    a.send(wire.query('begin'));
    await a.received('Z', 2);
    // PostgreSQL ignores every message after an extended query's error until its Sync.
    a.send(wire.parse('selectt 1'), wire.bind());
    await a.received('E');
    a.socket.destroy();
    const b = await connect();
    expect((await b.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect(await b.query('begin').then(() => b.query('commit'))).toMatchObject({
      command: 'COMMIT',
    });
  });

  it('rolls back the statement of a connection that drops before its Sync', async () => {
    const a = await rawConnection(path.join(thread.socketDir, `.s.PGSQL.${thread.socketPort}`));
    a.send(wire.parse('insert into notes (body) values ($1)'), wire.bind('half'), wire.execute());
    await a.received('C');
    a.socket.destroy();
    const b = await connect();
    const halves = await b.query("select body from notes where body = 'half'");
    expect(halves.rows).toEqual([]);
  });

  it('answers the queries sent with a Terminate, then ends that connection', async () => {
    const a = await rawConnection(path.join(thread.socketDir, `.s.PGSQL.${thread.socketPort}`));
    const ended = new Promise((resolve) => a.socket.once('end', resolve));
    a.send(wire.query("insert into notes (body) values ('last words')"), wire.terminate());
    await a.received('C');
    await ended;
    const b = await connect();
    const rows = await b.query("select body from notes where body = 'last words'");
    expect(rows.rows).toEqual([{ body: 'last words' }]);
  });

  it('answers errors, prepared statements and large results on the same connection', async () => {
    const client = await connect();
    await expect(client.query('select * from missing_table')).rejects.toThrow(/missing_table/);
    const named = { name: 'wire_test_echo', text: 'select $1::text as value' };
    expect((await client.query({ ...named, values: ['eins'] })).rows).toEqual([{ value: 'eins' }]);
    expect((await client.query({ ...named, values: ['zwei'] })).rows).toEqual([{ value: 'zwei' }]);
    const big = await client.query<{ text: string }>("select repeat('ß', 3000000) as text");
    expect(big.rows[0]!.text).toHaveLength(3_000_000);
  });
});
