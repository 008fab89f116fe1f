import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainTables } from '#server/db/pglite-maintenance.ts';
import { servePgliteWire } from '#server/db/pglite-wire-server.ts';
import { rawConnection, wire } from '#tests/support/pg-wire.ts';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`create table notes (id serial primary key, body text not null);
                 create table tags (id serial primary key, name text not null)`);
});
afterAll(async () => {
  await db.close();
});

const tableStats = async (name: string) => {
  await db.query('select pg_stat_force_next_flush()');
  return (
    await db.query<{ rows: number; dead: number }>(
      `select c.reltuples as "rows", s.n_dead_tup as "dead"
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
      [name],
    )
  ).rows[0]!;
};

describe('PGlite maintenance (the autovacuum PGlite lacks)', () => {
  it('gives changed tables statistics and removes their dead rows, and leaves the rest', async () => {
    await db.query(`insert into notes (body) select 'note ' || n from generate_series(1, 600) n`);
    await db.query(`insert into tags (name) values ('a')`);
    // Until something analyzes it, the planner knows nothing of the table.
    expect((await tableStats('notes')).rows).toBe(-1);

    expect(await maintainTables(db)).toEqual(['notes']);
    expect((await tableStats('notes')).rows).toBe(600);

    await db.query(`update notes set body = body || '!' where id <= 300`);
    expect((await tableStats('notes')).dead).toBe(300);
    expect(await maintainTables(db)).toEqual(['notes']);
    expect((await tableStats('notes')).dead).toBe(0);

    // Nothing changed since: nothing to do.
    expect(await maintainTables(db)).toEqual([]);
  });

  it('waits while a connection is busy', async () => {
    await db.query(`delete from notes where id > 100`);
    expect(await maintainTables(db, () => false)).toEqual([]);
    expect((await tableStats('notes')).dead).toBe(500);
  });

  it('stops between tables when a connection became busy meanwhile', async () => {
    await db.query(`insert into tags (name) select 't' || n from generate_series(1, 600) n`);
    let busy = false;
    // Idle for the round's start and its first table; a query arrives during that table.
    const maintained = await maintainTables(db, () => {
      const idle = !busy;
      setImmediate(() => (busy = true));
      return idle;
    });
    expect(maintained).toEqual(['notes']);
    expect((await tableStats('tags')).rows).toBe(-1);
    // The next round goes on where this one stopped.
    expect(await maintainTables(db)).toEqual(['tags']);
  });
});

describe('PGlite maintenance beside the wire server', () => {
  let server: Awaited<ReturnType<typeof servePgliteWire>>;
  let socketDir: string;
  beforeAll(async () => {
    socketDir = mkdtempSync(path.join(tmpdir(), 'orbit-maintenance-'));
    server = await servePgliteWire(db, path.join(socketDir, '.s.PGSQL.5432'));
  });
  afterAll(async () => {
    await server.close();
  });

  it('leaves a query alone whose messages are still arriving', async () => {
    const connection = await rawConnection(path.join(socketDir, '.s.PGSQL.5432'));
    // A large statement reaches the server in several reads: here its Parse has, its Bind not.
    connection.send(wire.parse('insert into tags (name) values ($1)'));
    await connection.received('1');
    await maintainTables(db, () => server.isIdle());
    connection.send(wire.bind('late'), wire.execute(), wire.sync());
    await connection.received('Z', 2);
    expect(connection.errors()).toEqual([]);
    expect((await db.query(`select name from tags where name = 'late'`)).rows).toHaveLength(1);
    connection.socket.destroy();
  });

  it('runs nothing inside an open transaction of a connection', async () => {
    const client = new pg.Client({ host: socketDir, port: 5432, user: 'postgres' });
    await client.connect();
    await client.query('begin');
    await maintainTables(db, () => server.isIdle());
    // Only a transaction's first statement may set its isolation level.
    await client.query('set transaction isolation level repeatable read');
    await client.query('commit');
    await client.end();
  });
});
