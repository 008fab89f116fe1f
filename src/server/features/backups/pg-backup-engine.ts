import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { selectRows } from '#server/db/raw-rows.ts';
import { AppError } from '#shared/errors/app-error.ts';
import { countTableRows, maxAuditId } from './backups.queries.ts';
import { BackupToolError, type BackupEngine } from './backup-engine.ts';
import { connectionArgs, restoreThroughPsql, runTool, toolMajorVersion } from './pg-tools.ts';

const CUSTOM_FORMAT_MAGIC = 'PGDMP';

/**
 * What the restore drops before loading a backup: our two schemas, so that tables a newer
 * migration added do not survive (the migrations run again afterwards).
 */
const RESTORE_PREAMBLE =
  'DROP SCHEMA IF EXISTS drizzle CASCADE;\nDROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n';

/**
 * The restore drops every table while requests still read them (an administrator's, a session
 * lookup before maintenance answers): PostgreSQL may abort it to break a deadlock with one of
 * them. Its one transaction rolled back, it is simply run again.
 */
const RESTORE_ATTEMPTS = 3;
const DEADLOCK_DETECTED = '40P01';

async function restoreRetryingDeadlocks(file: string, url: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await restoreThroughPsql(file, url, RESTORE_PREAMBLE);
    } catch (error) {
      const deadlock = error instanceof BackupToolError && error.sqlState === DEADLOCK_DETECTED;
      if (!deadlock || attempt === RESTORE_ATTEMPTS) throw error;
      await setTimeout(250 * attempt);
    }
  }
}

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * PostgreSQL: `pg_dump -Fc` of the server's database, checked with `pg_restore --list`; a
 * restore check loads it into a temporary database created and dropped next to the live one.
 */
export function createPgBackupEngine(database: DatabaseHandle): BackupEngine {
  const url = database.url;
  if (!url) throw new Error('The PostgreSQL handle has no URL');

  const serverMajor = async () => {
    const [row] = await selectRows<{ version: string }>(
      database.db,
      sql`select current_setting('server_version_num') as version`,
    );
    return Math.floor(Number(row!.version) / 10_000);
  };

  const requireReady = async () => {
    const [server, client] = await Promise.all([serverMajor(), toolMajorVersion('pg_dump')]);
    if (client < server) {
      throw new AppError(
        'SERVER_ERROR',
        503,
        `pg_dump ${client} is older than the PostgreSQL server (${server}) and cannot back it up: install postgresql-client-${server} or newer`,
      );
    }
  };

  return {
    format: 'postgres',
    extension: 'dump',
    requireReady,
    write: async (file) => {
      await requireReady();
      const { dbname, env } = connectionArgs(url);
      const partial = `${file}.partial`;
      try {
        await runTool('pg_dump', ['-Fc', '--no-password', '-f', partial, '--dbname', dbname], env);
        await rename(partial, file);
      } finally {
        await rm(partial, { force: true });
      }
    },
    verify: async (file) => {
      const listing = await runTool('pg_restore', ['--list', file]);
      return listing.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
    },
    inspect: async (file) => {
      const name = `orbit_restore_check_${randomBytes(6).toString('hex')}`;
      await database.db.execute(sql.raw(`CREATE DATABASE ${name}`));
      const scratchUrl = withDatabase(url, name);
      try {
        const { dbname, env } = connectionArgs(scratchUrl);
        await runTool(
          'pg_restore',
          ['--no-owner', '--no-privileges', '--exit-on-error', '--no-password', '-d', dbname, file],
          env,
        );
        const scratch = await openDatabase({ databaseUrl: scratchUrl });
        try {
          return {
            tables: await countTableRows(scratch.db),
            maxAuditId: await maxAuditId(scratch.db),
          };
        } finally {
          await scratch.close();
        }
      } finally {
        await database.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      }
    },
    restore: (file) => restoreRetryingDeadlocks(file, url),
    recognises: (head) => head.subarray(0, 5).toString('latin1') === CUSTOM_FORMAT_MAGIC,
  };
}
