import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTORE_LOCK_KEY } from '#server/db/advisory-lock.ts';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { backupHistory } from '#server/db/schema/backups.ts';
import { users } from '#server/db/schema/users.ts';
import { countTableRows } from '#server/features/backups/backups.queries.ts';
import { BACKUP_JOB } from '#server/features/backups/backups.service.ts';
import type {
  BackupConfig,
  BackupHistoryItem,
  RestoreCheck,
  RestoreResult,
} from '#shared/admin/backups.ts';
import { createSignedInUser, createUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { TEST_DB } from '#tests/support/test-database.ts';
import { until } from '#tests/support/until.ts';

/**
 * Backups and restore (issue 12 "database", decisions 150–152), on the database of this run:
 * PGlite's data-directory dump, or pg_dump on PostgreSQL. The clock is the test's.
 */
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let backupDir: string;
let now = new Date('2026-03-02T02:58:30Z');
const clock = () => now;

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(tmpdir(), 'orbit-backups-'));
  t = await createTestApp({ BACKUP_DIR: backupDir }, undefined, { clock });
  admin = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
  await rm(backupDir, { recursive: true, force: true });
});

const asAdmin = (options: Parameters<typeof api>[1]) =>
  api(t.app, { cookie: admin.cookie, ...options });

async function history() {
  const response = await asAdmin({ method: 'GET', url: '/api/admin/backups?limit=100' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: BackupHistoryItem[] }>().items;
}

/** Waits until backup `id` is no longer running. */
async function finished(id: number) {
  const rows = await until(
    history,
    (items) =>
      items.some(
        (item) => item.id === id && item.status !== 'running' && item.status !== 'succeeded',
      ),
    { attempts: 600, everyMs: 50 },
  );
  return rows.find((item) => item.id === id)!;
}

async function backUpNow() {
  const response = await asAdmin({ method: 'POST', url: '/api/admin/backups', payload: {} });
  expect(response.statusCode, response.body).toBe(202);
  const row = await finished(response.json<BackupHistoryItem>().id);
  expect(row, row.errorMessage ?? '').toMatchObject({ status: 'verified', isAutomatic: false });
  return row;
}

async function checkRestore(id: number) {
  const response = await asAdmin({
    method: 'POST',
    url: `/api/admin/backups/${id}/restore-check`,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RestoreCheck>();
}

/** Live rows per table. */
const counts = async () => countTableRows(t.db);
/** The backup taken by hand in the first test: kept 30 days, reused by the later ones. */
let firstBackup: BackupHistoryItem;

describe('a backup', () => {
  it('is written, verified, and restored into a scratch database gives the same row counts', async () => {
    await createUser(t.db, { username: 'counted_user' });
    const row = await backUpNow();
    firstBackup = row;
    expect(row.size).toBeGreaterThan(0);
    expect(row.tableCount).toBeGreaterThan(5);
    expect(existsSync(path.join(backupDir, row.filename))).toBe(true);
    // The jobs table is the queue's own bookkeeping: background jobs change it meanwhile.
    const withoutJobs = (tables: { name: string }[]) => tables.filter((t) => t.name !== 'jobs');
    const live = await counts();

    const check = await checkRestore(row.id);
    expect(withoutJobs(check.tables)).toEqual(withoutJobs(live));
    expect(check.tables.find((table) => table.name === 'users')?.rows).toBeGreaterThanOrEqual(2);
  });
});

describe('a backup whose process stopped', () => {
  it('is written and verified again when its job runs again, and gets its retention', async () => {
    const row = await backUpNow();
    // As a crash between writing and verifying leaves it: written, never checked, no retention.
    await t.db
      .update(backupHistory)
      .set({ status: 'succeeded', tableCount: null, completedAt: null, retainUntil: null })
      .where(eq(backupHistory.id, row.id));
    await t.app.jobs.enqueue(BACKUP_JOB, { historyId: row.id }, { key: `again-${row.id}` });

    const again = await finished(row.id);
    expect(again, again.errorMessage ?? '').toMatchObject({ status: 'verified' });
    expect(again.tableCount).toBeGreaterThan(5);
    expect(again.retainUntil).not.toBeNull();
  });
});

describe('the scheduler', () => {
  it('runs a scheduled backup at its minute, once', async () => {
    now = new Date('2026-03-02T02:58:30Z');
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/backups/configs',
      payload: { name: 'Nightly', frequency: 'daily', hour: 3, minute: 0, retentionDays: 7 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const config = created.json<BackupConfig>();
    expect(config.nextRun).toBe('2026-03-02T03:00:00.000Z');
    const before = (await history()).length;

    now = new Date('2026-03-02T02:59:59Z');
    await t.app.backups.tick();
    expect(await history()).toHaveLength(before);

    now = new Date('2026-03-02T03:00:00Z');
    await Promise.all([t.app.backups.tick(), t.app.backups.tick()]);
    const scheduled = (await history()).filter((item) => item.isAutomatic);
    expect(scheduled).toHaveLength(1);
    const done = await finished(scheduled[0]!.id);
    expect(done.status, done.errorMessage ?? '').toBe('verified');
    expect(done.retainUntil).toBe(new Date(now.getTime() + 7 * 86_400_000).toISOString());

    const configs = await asAdmin({ method: 'GET', url: '/api/admin/backups/configs' });
    expect(configs.json<{ items: BackupConfig[] }>().items[0]).toMatchObject({
      lastRun: '2026-03-02T03:00:00.000Z',
      nextRun: '2026-03-03T03:00:00.000Z',
    });
  });

  it('deletes files past their retention and marks their rows', async () => {
    const rows = (await history()).filter((item) => item.status === 'verified');
    const scheduled = rows.find((item) => item.isAutomatic)!;
    const manual = rows.find((item) => !item.isAutomatic)!;
    now = new Date(new Date(scheduled.retainUntil!).getTime() + 60_000);
    await t.app.backups.tick();
    const after = await history();
    expect(after.find((item) => item.id === scheduled.id)?.fileDeletedAt).toBe(now.toISOString());
    expect(existsSync(path.join(backupDir, scheduled.filename))).toBe(false);
    // A backup taken by hand is kept 30 days.
    expect(after.find((item) => item.id === manual.id)?.fileDeletedAt).toBeNull();
    expect(existsSync(path.join(backupDir, manual.filename))).toBe(true);
  });
});

describe('a download link', () => {
  it('downloads the file for five minutes, then is refused; a forged token never works', async () => {
    // The clock stays within the first backup's 30 days: a periodic tick may run with it any time.
    const row = firstBackup;
    const link = await asAdmin({
      method: 'POST',
      url: `/api/admin/backups/${row.id}/download-link`,
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json<{ url: string }>();
    expect(url).toMatch(/\?token=/);

    const download = await asAdmin({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(row.size);
    expect(download.headers['content-disposition']).toContain(row.filename);

    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const [body, signature] = token.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ id: row.id, userId: admin.user.id, exp: Date.now() + 3_600_000 }),
    ).toString('base64url');
    for (const forged of [
      `${forgedBody}.${signature}`,
      `${body}.${'A'.repeat(signature!.length)}`,
      'x',
    ]) {
      const refused = await asAdmin({
        method: 'GET',
        url: `/api/admin/backups/${row.id}/download?token=${encodeURIComponent(forged)}`,
      });
      expect(refused.statusCode).toBe(403);
    }
    // Another backup's id with this token: refused.
    const other = await asAdmin({
      method: 'GET',
      url: url.replace(`/backups/${row.id}/`, `/backups/${row.id + 1000}/`),
    });
    expect(other.statusCode).toBe(403);

    now = new Date(now.getTime() + 5 * 60_000 + 1000);
    const expired = await asAdmin({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'PERMISSION_ERROR' });
  });
});

describe('a restore', () => {
  it('replaces the data in maintenance mode, keeps the audit log, and ends maintenance', async () => {
    const row = firstBackup;
    await createUser(t.db, { username: 'written_after_backup' });
    const check = await checkRestore(row.id);
    const auditBefore = await t.db.select({ id: adminAuditLog.id }).from(adminAuditLog);

    // Maintenance is on while the restore runs: a user is turned away meanwhile.
    const user = await createSignedInUser(t.db);
    const seen: number[] = [];
    let restoring = true;
    const probe = (async () => {
      while (restoring) {
        const response = await api(t.app, {
          method: 'GET',
          url: '/api/conversations',
          cookie: user.cookie,
        });
        seen.push(response.statusCode);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const restored = await asAdmin({
      method: 'POST',
      url: '/api/admin/backups/restore',
      payload: { checkToken: check.checkToken, confirm: true },
    });
    restoring = false;
    await probe;
    expect(restored.statusCode, restored.body).toBe(200);
    expect(
      restored.json<RestoreResult>().tables.find((table) => table.name === 'users')?.rows,
    ).toBe(check.tables.find((table) => table.name === 'users')?.rows);
    expect(seen).toContain(503);

    // The row written after the backup is gone; maintenance is off again.
    const gone = await t.db.select().from(users).where(eq(users.username, 'written_after_backup'));
    expect(gone).toEqual([]);
    const settings = await asAdmin({ method: 'GET', url: '/api/admin/settings' });
    expect(settings.json()).toMatchObject({ maintenanceMode: false });

    // The audit log is not rolled back: every earlier row is there, and the restore is recorded.
    const auditAfter = await t.db
      .select({ id: adminAuditLog.id, action: adminAuditLog.action })
      .from(adminAuditLog);
    const ids = new Set(auditAfter.map((entry) => entry.id));
    expect(auditBefore.filter((entry) => !ids.has(entry.id))).toEqual([]);
    expect(auditAfter.map((entry) => entry.action)).toContain('backups.restore');
    // The history of backups is not rolled back either, and new rows continue after it.
    expect((await history()).some((item) => item.id === row.id && item.status === 'verified')).toBe(
      true,
    );
    await t.db.execute(sql`select 1`);
    const next = await backUpNow();
    expect(next.id).toBeGreaterThan(row.id);
  });

  it('does not bring back a session that ended after the backup', async () => {
    const user = await createSignedInUser(t.db);
    const row = await backUpNow();
    const logout = await api(t.app, { method: 'POST', url: '/api/logout', cookie: user.cookie });
    expect(logout.statusCode, logout.body).toBe(200);
    const check = await checkRestore(row.id);
    const restored = await asAdmin({
      method: 'POST',
      url: '/api/admin/backups/restore',
      payload: { checkToken: check.checkToken, confirm: true },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    // The backup held the user's session open; the logout made after it still counts.
    const ended = await api(t.app, { method: 'GET', url: '/api/user', cookie: user.cookie });
    expect(ended.statusCode).toBe(401);
    // A session open both then and now (the administrator's) goes on.
    expect((await asAdmin({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('refuses a check token that is forged or expired, and an upload that is no backup', async () => {
    const forged = await asAdmin({
      method: 'POST',
      url: '/api/admin/backups/restore',
      payload: { checkToken: 'e30.AAAA', confirm: true },
    });
    expect(forged.statusCode).toBe(400);
    const upload = await asAdmin({
      method: 'POST',
      url: '/api/admin/backups/restore-check',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('not a backup at all'.repeat(40)),
    });
    expect(upload.statusCode, upload.body).toBe(400);
  });

  it('checks an uploaded backup file like one of the history', async () => {
    const row = (await history()).find(
      (item) => item.status === 'verified' && !item.fileDeletedAt,
    )!;
    const link = await asAdmin({
      method: 'POST',
      url: `/api/admin/backups/${row.id}/download-link`,
      payload: {},
    });
    const file = await asAdmin({ method: 'GET', url: link.json<{ url: string }>().url });
    const upload = await asAdmin({
      method: 'POST',
      url: '/api/admin/backups/restore-check',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'mine.backup' },
      payload: file.rawPayload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const check = upload.json<RestoreCheck>();
    expect(check).toMatchObject({ backupId: null, filename: 'mine.backup' });
    expect(check.tables.find((table) => table.name === 'users')?.rows).toBeGreaterThan(0);
  });
});

describe('a restore that cannot finish', () => {
  it('keeps the data whole when the backup file is cut off after its check', async () => {
    const row = await backUpNow();
    const check = await checkRestore(row.id);
    await createUser(t.db, { username: 'written_before_cut_backup' });
    const before = await counts();
    // Half the file: PostgreSQL's pg_restore reads its table of contents, then fails in the data.
    const file = path.join(backupDir, row.filename);
    const whole = await readFile(file);
    await writeFile(file, whole.subarray(0, Math.floor(whole.length / 2)));

    const failed = await asAdmin({
      method: 'POST',
      url: '/api/admin/backups/restore',
      payload: { checkToken: check.checkToken, confirm: true },
    });
    expect(failed.statusCode).toBe(500);
    // Before: psql committed the dropped schema once pg_restore's output ended.
    // Every table as it was, but for the audit of the attempt and the maintenance it held.
    const kept = (rows: typeof before) =>
      rows.filter(({ name }) => name !== 'admin_audit_log' && name !== 'app_settings');
    expect(kept(await counts())).toEqual(kept(before));
    const written = await t.db
      .select()
      .from(users)
      .where(eq(users.username, 'written_before_cut_backup'));
    expect(written).toHaveLength(1);
  });
});

describe('a named restore (decision 309)', () => {
  const restoreOf = (restoreId: string) =>
    asAdmin({ method: 'GET', url: `/api/admin/backups/restore/${restoreId}` });
  const startRestore = (checkToken: string, restoreId: string) =>
    asAdmin({
      method: 'POST',
      url: '/api/admin/backups/restore',
      payload: { checkToken, confirm: true, restoreId },
    });

  it('says it runs while it runs, and then how it ended, to whoever asks later', async () => {
    const restoreId = randomUUID();
    expect((await restoreOf(restoreId)).statusCode).toBe(404);
    const check = await checkRestore(firstBackup.id);

    const answer = startRestore(check.checkToken, restoreId);
    const whileRunning = await until(
      () => restoreOf(restoreId),
      (response) => response.statusCode === 200,
      { attempts: 1000, everyMs: 10 },
    );
    const restored = await answer;
    expect(restored.statusCode, restored.body).toBe(200);
    // PostgreSQL: the question may wait for the restore's locks, and see it ended.
    if (TEST_DB === 'pglite') expect(whileRunning.json()).toMatchObject({ state: 'running' });

    const after = await restoreOf(restoreId);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toEqual({
      state: 'restored',
      startedAt: now.toISOString(),
      result: restored.json(),
    });
  });

  it('that fails says so with the answer its request gave', async () => {
    const row = await backUpNow();
    const check = await checkRestore(row.id);
    // The file changes after its check: the restore cannot load it.
    await writeFile(path.join(backupDir, row.filename), 'nothing a restore can use');
    const restoreId = randomUUID();
    const failed = await startRestore(check.checkToken, restoreId);
    expect(failed.statusCode).toBe(500);

    const status = await restoreOf(restoreId);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({
      state: 'failed',
      startedAt: now.toISOString(),
      error: failed.json(),
    });
    // The data stayed as it was and the product is open again.
    const settings = await asAdmin({ method: 'GET', url: '/api/admin/settings' });
    expect(settings.json()).toMatchObject({ maintenanceMode: false });
  });
});

describe.runIf(TEST_DB === 'postgres')('on PostgreSQL', () => {
  it('runs a restore again that PostgreSQL aborted to break a deadlock, and replaces the data', async () => {
    const row = firstBackup;
    await createUser(t.db, { username: 'written_before_deadlock' });
    const check = await checkRestore(row.id);
    // Another connection reads a table the restore drops, as a request may while it runs. It
    // never looks for deadlocks itself, so psql (3 s, through PGOPTIONS) is the one that finds it.
    const reader = new pg.Client({ connectionString: t.database.url });
    // Watches the locks from outside both (not the app's pool: its connections may be waiting
    // for psql; not the reader: a transaction sees pg_stat_activity as it first read it).
    const watcher = new pg.Client({ connectionString: t.database.url });
    await Promise.all([reader.connect(), watcher.connect()]);
    const optionsBefore = process.env.PGOPTIONS;
    process.env.PGOPTIONS = '-c deadlock_timeout=3s';
    try {
      await reader.query(`set deadlock_timeout = '60s'`);
      await reader.query('begin');
      await reader.query('lock table messages in access share mode');
      const restoring = asAdmin({
        method: 'POST',
        url: '/api/admin/backups/restore',
        payload: { checkToken: check.checkToken, confirm: true },
      });
      // psql holds the migrations table (its first drop) and waits for the reader's table …
      await until(
        async () =>
          (
            await watcher.query<{ waiting: boolean }>(
              `select exists (
                select from pg_locks l join pg_stat_activity a on a.pid = l.pid
                where a.application_name = 'psql' and not l.granted
                  and l.relation = 'public.messages'::regclass) as waiting`,
            )
          ).rows[0]!.waiting,
        (waiting) => waiting,
        { attempts: 1000, everyMs: 10 },
      );
      // … and the reader now waits for the migrations table: a deadlock, which psql finds and
      // breaks by aborting its own transaction; the reader goes on.
      await reader.query('lock table drizzle.__drizzle_migrations in access share mode');
      await reader.query('commit');

      const restored = await restoring;
      expect(restored.statusCode, restored.body).toBe(200);
    } finally {
      if (optionsBefore === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = optionsBefore;
      await Promise.all([reader.end(), watcher.end()]);
    }
    const gone = await t.db
      .select()
      .from(users)
      .where(eq(users.username, 'written_before_deadlock'));
    expect(gone).toEqual([]);
  }, 60_000); // two restores and psql's 3 s wait

  it('refuses a restore while another instance restores this database, and changes nothing', async () => {
    await createUser(t.db, { username: 'kept_while_another_restores' });
    const check = await checkRestore(firstBackup.id);
    // Another instance's restore: it holds the restore lock on this database (decision 332).
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [RESTORE_LOCK_KEY.toString()]);
      const refused = await asAdmin({
        method: 'POST',
        url: '/api/admin/backups/restore',
        payload: { checkToken: check.checkToken, confirm: true },
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'A restore is already running',
      });
      // Nothing was replaced, and maintenance was never switched on.
      const kept = await t.db
        .select()
        .from(users)
        .where(eq(users.username, 'kept_while_another_restores'));
      expect(kept).toHaveLength(1);
      expect((await asAdmin({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    } finally {
      await other.end();
    }
    // Once the other restore is over, the same check restores.
    const restored = await asAdmin({
      method: 'POST',
      url: '/api/admin/backups/restore',
      payload: { checkToken: check.checkToken, confirm: true },
    });
    expect(restored.statusCode, restored.body).toBe(200);
  }, 60_000);

  it('refuses to back up with a pg_dump older than the server, and says so', async () => {
    const bin = await mkdtemp(path.join(tmpdir(), 'orbit-old-pg-dump-'));
    await writeFile(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
    await chmod(path.join(bin, 'pg_dump'), 0o755);
    const pathBefore = process.env.PATH;
    process.env.PATH = `${bin}:${pathBefore}`;
    try {
      const response = await asAdmin({ method: 'POST', url: '/api/admin/backups', payload: {} });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ message: string }>().message).toMatch(
        /^pg_dump 9 is older than the PostgreSQL server \(\d+\).*install postgresql-client-\d+/,
      );
    } finally {
      process.env.PATH = pathBefore;
      await rm(bin, { recursive: true, force: true });
    }
  });
});
