import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, type Database } from './client.ts';

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: JournalEntry[] | undefined;
function readJournal(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

/**
 * Migrations of this release not yet applied to the database, decided as Drizzle's migrator
 * does: every journal entry newer than the last applied one (drizzle.__drizzle_migrations).
 */
export async function migrationStatus(
  db: Database,
): Promise<{ applied: number; pending: string[] }> {
  let applied = 0;
  let last = Number.NEGATIVE_INFINITY;
  try {
    const result: unknown = await db.execute(
      sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const row = (result as { rows: { applied: number; last: string | null }[] }).rows[0];
    applied = row?.applied ?? 0;
    if (row?.last) last = Number(row.last);
  } catch {
    // No migrations table: nothing applied yet.
  }
  const pending = readJournal()
    .filter((entry) => entry.when > last)
    .map((entry) => entry.tag);
  return { applied, pending };
}
