import {
  and,
  asc,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  lte,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { selectRows } from '#server/db/raw-rows.ts';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { backupConfigs, backupHistory } from '#server/db/schema/backups.ts';
import { userSessions } from '#server/db/schema/users.ts';
import type { BackupHistoryQuery, TableRowCount } from '#shared/admin/backups.ts';

export type BackupConfigRow = typeof backupConfigs.$inferSelect;
export type NewBackupConfigRow = typeof backupConfigs.$inferInsert;
export type BackupHistoryRow = typeof backupHistory.$inferSelect;
export type AuditLogRow = typeof adminAuditLog.$inferSelect;

// ---------------------------------------------------------------- configurations

export async function listConfigs(db: Executor, limit: number, afterId: number | null) {
  return db
    .select()
    .from(backupConfigs)
    .where(afterId === null ? undefined : gt(backupConfigs.id, afterId))
    .orderBy(asc(backupConfigs.id))
    .limit(limit + 1);
}

export async function findConfig(db: Executor, id: number) {
  const [row] = await db.select().from(backupConfigs).where(eq(backupConfigs.id, id));
  return row;
}

export async function insertConfig(db: Executor, row: NewBackupConfigRow) {
  const [created] = await db.insert(backupConfigs).values(row).returning();
  return created!;
}

export async function updateConfig(db: Executor, id: number, row: Partial<NewBackupConfigRow>) {
  const [updated] = await db
    .update(backupConfigs)
    .set({ ...row, updatedAt: sql`now()` })
    .where(eq(backupConfigs.id, id))
    .returning();
  return updated;
}

export async function deleteConfig(db: Executor, id: number) {
  const [deleted] = await db.delete(backupConfigs).where(eq(backupConfigs.id, id)).returning();
  return deleted;
}

export async function listDueConfigs(db: Executor, now: Date) {
  return db
    .select()
    .from(backupConfigs)
    .where(and(eq(backupConfigs.isActive, true), lte(backupConfigs.nextRun, now)))
    .orderBy(asc(backupConfigs.nextRun));
}

/**
 * Takes one due run of a configuration: moves its next run on, unless someone else did first
 * (the `next_run` it was read with no longer matches). True when this caller took it.
 */
export async function claimConfigRun(
  db: Executor,
  config: { id: number; nextRun: Date },
  now: Date,
  nextRun: Date,
) {
  const rows = await db
    .update(backupConfigs)
    .set({ lastRun: now, nextRun })
    .where(and(eq(backupConfigs.id, config.id), eq(backupConfigs.nextRun, config.nextRun)))
    .returning({ id: backupConfigs.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- history

export async function listHistory(db: Executor, query: BackupHistoryQuery, afterId: number | null) {
  const t = backupHistory;
  const newestFirst = query.order === 'desc';
  const filters: (SQL | undefined)[] = [
    query.status === undefined ? undefined : eq(t.status, query.status),
  ];
  if (afterId !== null) filters.push(newestFirst ? lt(t.id, afterId) : gt(t.id, afterId));
  return db
    .select()
    .from(t)
    .where(and(...filters))
    .orderBy(newestFirst ? desc(t.id) : asc(t.id))
    .limit(query.limit + 1);
}

export async function findHistory(db: Executor, id: number) {
  const [row] = await db.select().from(backupHistory).where(eq(backupHistory.id, id));
  return row;
}

export async function insertHistory(db: Executor, row: typeof backupHistory.$inferInsert) {
  const [created] = await db.insert(backupHistory).values(row).returning();
  return created!;
}

export async function updateHistory(
  db: Executor,
  id: number,
  row: Partial<typeof backupHistory.$inferInsert>,
) {
  await db.update(backupHistory).set(row).where(eq(backupHistory.id, id));
}

/** Backups whose time is up and whose file is still there. */
export async function listExpiredHistory(db: Executor, now: Date) {
  return db
    .select()
    .from(backupHistory)
    .where(and(lt(backupHistory.retainUntil, now), isNull(backupHistory.fileDeletedAt)));
}

// ---------------------------------------------------------------- restore

/** Rows per table of the public schema, by name (a scratch database's, or the live one's). */
export async function countTableRows(db: Executor): Promise<TableRowCount[]> {
  const tables = await selectRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  if (tables.length === 0) return [];
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;
  const counts = await selectRows<{ name: string; rows: string }>(
    db,
    sql.raw(
      tables
        .map(({ name }) => `select ${literal(name)} as name, count(*) as rows from ${quote(name)}`)
        .join(' union all '),
    ),
  );
  return counts
    .map((row) => ({ name: row.name, rows: Number(row.rows) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function maxAuditId(db: Executor): Promise<number> {
  const [row] = await selectRows<{ max: string | null }>(
    db,
    sql`select max(id)::text as max from admin_audit_log`,
  );
  return Number(row?.max ?? 0);
}

export async function listAuditRowsAfter(db: Executor, afterId: number) {
  return db
    .select()
    .from(adminAuditLog)
    .where(gt(adminAuditLog.id, afterId))
    .orderBy(asc(adminAuditLog.id));
}

export async function listAllHistory(db: Executor) {
  return db.select().from(backupHistory).orderBy(asc(backupHistory.id));
}

/** The token hashes of the sessions open now (read before a restore replaces the table). */
export async function listOpenSessionTokens(db: Executor) {
  const rows = await db
    .select({ token: userSessions.sessionToken })
    .from(userSessions)
    .where(and(isNull(userSessions.logoutTime), isNotNull(userSessions.sessionToken)));
  return rows.map((row) => row.token!);
}

/**
 * After a restore: the audit rows written since the backup and the live backup history come
 * back (decision 151), and the id sequences continue after them. A session the backup holds
 * open but that ended since (logout, revocation, suspension) stays ended: only sessions open
 * both then and now survive.
 */
export async function carryOverAfterRestore(
  db: Executor,
  audit: AuditLogRow[],
  history: BackupHistoryRow[],
  openSessionTokens: string[],
) {
  await db
    .update(userSessions)
    .set({ logoutTime: sql`now()`, sessionToken: null })
    .where(
      and(
        isNull(userSessions.logoutTime),
        isNotNull(userSessions.sessionToken),
        openSessionTokens.length > 0
          ? notInArray(userSessions.sessionToken, openSessionTokens)
          : undefined,
      ),
    );
  if (audit.length > 0) await db.insert(adminAuditLog).values(audit).onConflictDoNothing();
  await db.delete(backupHistory);
  if (history.length > 0) {
    const configIds = new Set(
      (await db.select({ id: backupConfigs.id }).from(backupConfigs)).map((row) => row.id),
    );
    await db.insert(backupHistory).values(
      history.map((row) => ({
        ...row,
        configId: row.configId !== null && configIds.has(row.configId) ? row.configId : null,
      })),
    );
  }
  for (const table of ['admin_audit_log', 'backup_history']) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      ),
    );
  }
}
