import type { DatabaseHandle } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { ensureAdmin } from '#server/features/auth/admin-bootstrap.ts';
import { seedPersonas } from '#server/features/personas/personas.seed.ts';
import { seedTokenLimits } from '#server/features/usage/token-limits.seed.ts';

/**
 * Brings a database to the current schema and built-in data; safe to run on every start. Instances
 * that start together on one PostgreSQL database take turns (an advisory lock, db/advisory-lock.ts):
 * the first migrates and seeds, the others wait and then find nothing left to do. Without the
 * turns, two would create the same tables at once and all but one would fail to start.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  env: Pick<Env, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'>,
) {
  await database.withMigrationLock(async () => {
    await database.migrate();
    await seedPersonas(database.db);
    await seedTokenLimits(database.db);
    if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
      await ensureAdmin(database.db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    }
  });
}
