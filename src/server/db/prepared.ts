import type { Pool, QueryResultRow } from 'pg';
import type { Database } from './client.ts';

/**
 * A statement on the chat's hot path, prepared on the server: PostgreSQL (and PGlite, whose
 * WebAssembly planner is slow) parse and plan it once per connection instead of on every request,
 * and no query builder runs in between. Measured by bench/chat-stream.ts: the session lookup fell
 * from ≈ 0.9 to ≈ 0.2 ms on PGlite. The text is plain SQL with $n parameters; every name is unique.
 */
export interface PreparedStatement<Row extends QueryResultRow> {
  name: string;
  text: string;
  /** Only carries the row type. */
  readonly row?: Row;
}

export function prepareStatement<Row extends QueryResultRow>(
  name: string,
  text: string,
): PreparedStatement<Row> {
  return { name, text };
}

/** Runs a prepared statement on the database's pool (both drivers are node-postgres pools). */
export async function runPrepared<Row extends QueryResultRow>(
  db: Database,
  statement: PreparedStatement<Row>,
  values: unknown[],
): Promise<Row[]> {
  const pool = (db as unknown as { $client: Pool }).$client;
  const result = await pool.query<Row>({ name: statement.name, text: statement.text, values });
  return result.rows;
}
