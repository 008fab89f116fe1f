import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR, openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { adminQuery, TEST_DB, testDatabaseUrl, withDatabase } from './test-database.ts';

/**
 * An empty database of the suite's engine, migrated only up to the migration before
 * `firstLeftOut` (a tag prefix such as '0005_'): a server of an earlier version, for upgrade tests.
 * `close` also drops the PostgreSQL database.
 */
export async function openDatabaseBefore(firstLeftOut: string): Promise<DatabaseHandle> {
  const migrations = await mkdtemp(path.join(tmpdir(), 'orbit-migrations-'));
  await cp(MIGRATIONS_DIR, migrations, { recursive: true });
  const journalFile = path.join(migrations, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag.startsWith(firstLeftOut));
  if (cut <= 0) throw new Error(`No migration before ${firstLeftOut}`);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalFile, JSON.stringify(journal));

  let database: DatabaseHandle;
  let drop = async () => {};
  if (TEST_DB === 'pglite') {
    database = await openDatabase({ dataDir: null });
  } else {
    const name = `orbit_upgrade_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    drop = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    database = await openDatabase({ databaseUrl: withDatabase(testDatabaseUrl(), name) });
  }
  try {
    // Both engines are reached through node-postgres (src/server/db/client.ts).
    await migrate(database.db as unknown as NodePgDatabase, { migrationsFolder: migrations });
  } finally {
    await rm(migrations, { recursive: true, force: true });
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}
