import type { ResultTable } from '#shared/codehub/runner-protocol.ts';
import { emit, output } from './worker-console.ts';

const MAX_ROWS = 1000;

function toCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) {
    return `\\x${Array.from(value, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  }
  return JSON.stringify(value);
}

/** A fresh in-memory PostgreSQL (PGlite) per run; each statement that returns rows is a table. */
export async function runSql(runId: string, code: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  emit({ type: 'started', runId });
  try {
    const results = await db.exec(code, { rowMode: 'array' });
    for (const result of results) {
      if (result.fields.length > 0) {
        const rows = result.rows as unknown as unknown[][];
        const table: ResultTable = {
          columns: result.fields.map((field) => field.name),
          rows: rows.slice(0, MAX_ROWS).map((row) => row.map(toCell)),
          rowCount: rows.length,
        };
        emit({ type: 'table', runId, table });
      } else if (result.affectedRows !== undefined && result.affectedRows > 0) {
        output(runId, 'stdout', `${result.affectedRows} row(s) affected\n`);
      }
    }
    emit({ type: 'finished', runId, ok: true });
  } catch (error) {
    output(runId, 'stderr', `${error instanceof Error ? error.message : String(error)}\n`);
    emit({ type: 'finished', runId, ok: false });
  } finally {
    await db.close();
  }
}
