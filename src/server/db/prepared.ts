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
  if (!STATEMENT_NAME.test(name)) throw new Error(`Invalid prepared statement name: ${name}`);
  return { name, text };
}

const DUPLICATE_PREPARED_STATEMENT = '42P05';
/** Statement names are identifiers written in our code, never user input. */
const STATEMENT_NAME = /^[a-z_][a-z0-9_]*$/;

/** Runs a prepared statement on the database's pool (both drivers are node-postgres pools). */
export async function runPrepared<Row extends QueryResultRow>(
  db: Database,
  statement: PreparedStatement<Row>,
  values: unknown[],
): Promise<Row[]> {
  const pool = (db as unknown as { $client: Pool }).$client;
  const query = { name: statement.name, text: statement.text, values };
  try {
    return (await pool.query<Row>(query)).rows;
  } catch (error) {
    if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
    // PGlite is one session behind every connection: a new connection meets statements an
    // earlier one prepared, which node-postgres does not know of. Drop the stale one and retry.
    await pool.query(`DEALLOCATE ${statement.name}`);
    return (await pool.query<Row>(query)).rows;
  }
}
