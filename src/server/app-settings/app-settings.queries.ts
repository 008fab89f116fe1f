import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { appSettings } from '#server/db/schema/admin.ts';

export async function readStoredSettings(db: Executor): Promise<{ key: string; value: unknown }[]> {
  // Read as text and parsed once: the driver already parses jsonb and drizzle parses a string
  // result again, which turned the stored string "58000.50" into the number 58000.5.
  const rows = await db
    .select({ key: appSettings.key, json: sql<string>`${appSettings.value}::text` })
    .from(appSettings);
  return rows.map(({ key, json }) => ({ key, value: JSON.parse(json) as unknown }));
}

export async function writeStoredSettings(
  db: Executor,
  values: Record<string, unknown>,
  updatedBy: number | null,
): Promise<void> {
  // null is a nullable key's default: no row holds it.
  const cleared = Object.keys(values).filter((key) => values[key] === null);
  if (cleared.length > 0) await db.delete(appSettings).where(inArray(appSettings.key, cleared));
  const rows = Object.entries(values)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => ({ key, value, updatedBy }));
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
