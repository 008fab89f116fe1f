import type { PGlite } from '@electric-sql/pglite';
import { simpleQuery } from './pglite-wire-server.ts';

/**
 * PostgreSQL's autovacuum for embedded PGlite, which has none: PGlite is a single backend, so no
 * launcher ever vacuums or analyzes its tables. Without statistics the planner took the wrong
 * index for the chat's history window and read every message of the user; without vacuum, each
 * turn's updates (allowance, conversation recency) leave dead rows behind for good. The
 * thresholds are PostgreSQL's defaults (autovacuum_vacuum_threshold 50 + scale factor 0.2,
 * autovacuum_vacuum_insert_threshold 1000 + 0.2, autovacuum_analyze_threshold 50 + 0.1). The
 * benchmarks apply the same rule to a PostgreSQL server whose autovacuum is off
 * (bench/support/scratch-postgres.ts).
 */
export const DUE_TABLES = `
  select s.relname as "name",
         s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
           or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as "vacuum"
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
     or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
     or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by s.relname`;

/**
 * Vacuums and analyzes the tables that are due, one statement each, only while `isIdle()` (no
 * connection is inside a transaction or between a query's messages: VACUUM cannot run in a
 * transaction, a connection's transaction must not see ours, and a statement of ours between a
 * connection's Parse and Bind would replace its unnamed statement). Every statement goes to PGlite
 * synchronously, so no connection's query can start while one runs; between tables the round
 * yields, and stops if a connection is busy then (the next round goes on). Returns the tables it
 * maintained.
 */
export async function maintainTables(db: PGlite, isIdle: () => boolean = () => true) {
  const idle = () => isIdle() && !db.isInTransaction();
  if (!idle()) return [];
  // A backend flushes its table counters at most once a second, after a transaction; PGlite has
  // no idle timer to flush the rest. Flushing at the end of this one makes the next see them all.
  rowsSync(db, 'select pg_stat_force_next_flush()');
  const maintained: string[] = [];
  for (const [name, vacuum] of rowsSync(db, DUE_TABLES)) {
    // An analyze can take a few hundred milliseconds (decision 006): queries that arrived meanwhile
    // go before the next table. Each statement itself still starts only when all is idle.
    if (maintained.length > 0) await new Promise((resolve) => setImmediate(resolve));
    if (!idle() || name == null) break;
    const table = `"${name.replaceAll('"', '""')}"`;
    db.execProtocolRawSync(
      simpleQuery(vacuum === 't' ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`),
    );
    maintained.push(name);
  }
  return maintained;
}

const DATA_ROW = 'D'.charCodeAt(0);
const ERROR_RESPONSE = 'E'.charCodeAt(0);

/** The rows of a simple query, in text format, run synchronously. */
function rowsSync(db: PGlite, text: string): (string | null)[][] {
  const answer = Buffer.from(db.execProtocolRawSync(simpleQuery(text)));
  const rows: (string | null)[][] = [];
  for (let at = 0; at < answer.length; at += 1 + answer.readInt32BE(at + 1)) {
    if (answer[at] === ERROR_RESPONSE) throw new Error(`PGlite maintenance failed: ${text}`);
    if (answer[at] !== DATA_ROW) continue;
    const row: (string | null)[] = [];
    let field = at + 7;
    for (let column = answer.readInt16BE(at + 5); column > 0; column--) {
      const length = answer.readInt32BE(field);
      field += 4;
      row.push(length < 0 ? null : answer.toString('utf8', field, field + length));
      field += Math.max(length, 0);
    }
    rows.push(row);
  }
  return rows;
}

/** Runs maintainTables soon after start and then every minute, on timers that keep nothing alive. */
export function scheduleMaintenance(db: PGlite, isIdle: () => boolean) {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    // Best effort: a failed round (the database closing, say) is tried again next minute.
    maintainTables(db, isIdle)
      .catch(() => [])
      .finally(() => (running = false));
  };
  const first = setTimeout(run, 10_000);
  const every = setInterval(run, 60_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
