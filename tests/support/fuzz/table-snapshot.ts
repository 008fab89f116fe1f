import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** Table → row count and a checksum of every row: what "nothing changed" is checked against. */
export type TableSnapshot = Record<string, string>;

/**
 * Every table of the app's schema, read from the catalogue so tables added later are covered.
 * `volatile` lists tables a refused request may write to on purpose (see the caller's reasons).
 */
export async function tableNames(db: Database, volatile: readonly string[]) {
  const result = await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  return (result as { rows: { name: string }[] }).rows
    .map((row) => row.name)
    .filter((name) => !volatile.includes(name));
}

export async function snapshotTables(
  db: Database,
  tables: readonly string[],
): Promise<TableSnapshot> {
  const parts = tables.map(
    (name) =>
      `select '${name}' as name, count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${name}" t`,
  );
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  const { rows } = result as { rows: { name: string; sum: string }[] };
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

/** The tables whose snapshot differs. */
export function changedTables(before: TableSnapshot, after: TableSnapshot) {
  return Object.keys(before).filter((name) => before[name] !== after[name]);
}
