import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** A raw statement's rows: both drivers are node-postgres pools, whose answer carries `rows`. */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
