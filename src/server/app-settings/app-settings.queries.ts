import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { appSettings } from '#server/db/schema/admin.ts';

export async function readStoredSettings(db: Executor): Promise<{ key: string; value: unknown }[]> {
  return db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings);
}

export async function writeStoredSettings(
  db: Executor,
  values: Record<string, unknown>,
  updatedBy: number | null,
): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updatedBy }));
  if (rows.length === 0) return;
  await db
    .insert(appSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: appSettings.key,
      set: {
        value: sql`excluded.value`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`now()`,
      },
    });
}
