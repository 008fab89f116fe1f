/**
 * `npm run db:migrate`: brings the configured database (DATABASE_URL or the embedded one in
 * DATA_DIR) to the current schema and built-in data, exactly as the server does on start.
 */
import { prepareDatabase } from '#server/bootstrap.ts';
import { openDatabase } from '#server/db/client.ts';
import { EnvError, loadEnv } from '#server/env.ts';

async function migrate() {
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  try {
    await prepareDatabase(database, env);
  } finally {
    await database.close();
  }
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`;
  console.log(`Database migrated and seeded (${where}).`);
}

migrate().catch((error: unknown) => {
  console.error(
    error instanceof EnvError
      ? error.message
      : `Migration failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
