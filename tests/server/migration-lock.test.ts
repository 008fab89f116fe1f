import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '#server/bootstrap.ts';
import { MIGRATION_LOCK_KEY } from '#server/db/advisory-lock.ts';
import { MIGRATIONS_DIR, openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import {
  adminQuery,
  TEST_DB,
  testDatabaseUrl,
  withDatabase,
} from '#tests/support/test-database.ts';

const ADMIN = { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'long enough pw' };
const journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** A fresh, empty PostgreSQL database, dropped after the test. */
async function freshDatabaseUrl() {
  const name = `orbit_lock_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  cleanup.push(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return withDatabase(testDatabaseUrl(), name);
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanup.push(() => client.end());
  return client;
}

async function open(url: string): Promise<DatabaseHandle> {
  const database = await openDatabase({ databaseUrl: url });
  cleanup.push(() => database.close());
  return database;
}

// Several instances on one database exist only on PostgreSQL: an embedded PGlite data directory
// belongs to one process (its handle runs the work without a lock).
describe.runIf(TEST_DB === 'postgres')('instances starting together on a fresh database', () => {
  it('all come up; migrations and built-in data are applied once, without errors', async () => {
    const url = await freshDatabaseUrl();
    const instances = await Promise.all([1, 2, 3, 4].map(() => open(url)));

    await Promise.all(instances.map((database) => prepareDatabase(database, ADMIN)));

    const check = await connect(url);
    const applied = await check.query(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0].n).toBe(journal.entries.length);
    const admins = await check.query(
      `select count(*)::int as n from users where username = 'chief' and is_admin`,
    );
    expect(admins.rows[0].n).toBe(1);
    const repeated = await check.query(
      'select builtin_key from personas where builtin_key is not null group by 1 having count(*) > 1',
    );
    expect(repeated.rows).toEqual([]);
  });

  it('waits while another instance holds the lock and changes nothing until it is released', async () => {
    const url = await freshDatabaseUrl();
    const other = await connect(url);
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);

    const database = await open(url);
    let finished = false;
    const preparing = prepareDatabase(database, ADMIN).then(() => (finished = true));

    // The instance queues behind the lock (PostgreSQL shows its request as not granted) …
    const watcher = await connect(url);
    const waitingForLock = async () => {
      const waiting = await watcher.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
      );
      return waiting.rows[0].n > 0;
    };
    while (!(await waitingForLock())) await sleep(20);
    // … and has changed nothing yet.
    const schema = await watcher.query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
    expect(schema.rows[0].t).toBeNull();
    expect(finished).toBe(false);

    await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await preparing;
    const applied = await watcher.query(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0].n).toBe(journal.entries.length);
  });
});
