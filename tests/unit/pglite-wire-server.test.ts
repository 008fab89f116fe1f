import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread, type PgliteThread } from '#server/db/pglite-thread.ts';

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
