import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { prepareDatabase } from '#server/bootstrap.ts';
import { openDatabase } from '#server/db/client.ts';
import {
  adminQuery,
  PG_TEMPLATE_DB,
  PGLITE_TEMPLATE_FILE,
  testDatabaseUrl,
  withDatabase,
} from './test-database.ts';

const NO_ADMIN = { ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined };

/** Migrates and seeds one template database per run; every test file starts from a copy. */
export async function setupTemplate(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: null });
    await prepareDatabase(database, NO_ADMIN);
    const dump = await database.dump!();
    await database.close();
    await mkdir(path.dirname(PGLITE_TEMPLATE_FILE), { recursive: true });
    await writeFile(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
    return () => rm(PGLITE_TEMPLATE_FILE, { force: true });
  }
  await adminQuery(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
  const database = await openDatabase({
    databaseUrl: withDatabase(testDatabaseUrl(), PG_TEMPLATE_DB),
  });
  await prepareDatabase(database, NO_ADMIN);
  await database.close();
  return async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
  };
}
