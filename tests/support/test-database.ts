import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';

/** Which database the server suites run on; set per Vitest project (vitest.config.ts). */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
/** Set once per run in vitest.config.ts, so concurrent runs on one machine never share templates. */
const RUN = process.env.ORBIT_TEST_RUN ?? 'local';
export const PGLITE_TEMPLATE_FILE = path.resolve(`.test-data/pglite-template-${RUN}.tar`);
export const PG_TEMPLATE_DB = `orbit_test_template_${RUN}`;

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL test project');
  return url;
}

export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs admin statements (CREATE/DROP DATABASE) on the server's maintenance connection. */
export async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite loaded
 * from the template dump, or a PostgreSQL database copied from the template database.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (TEST_DB === 'pglite') {
    const template = new Blob([await readFile(PGLITE_TEMPLATE_FILE)]);
    return openDatabase({ dataDir: null, template });
  }
  const name = `orbit_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
  // Test files run side by side on one PostgreSQL server: 10 connections each, not production's 30.
  const handle = await openDatabase({
    databaseUrl: withDatabase(testDatabaseUrl(), name),
    poolSize: 10,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
