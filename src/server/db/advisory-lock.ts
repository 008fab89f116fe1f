import pg from 'pg';

/**
 * The key of the lock every instance takes before it migrates and seeds (bootstrap.ts). Advisory
 * locks are per database, so deployments on other databases of the same server never wait for
 * each other. The value is arbitrary but must never change: instances of two versions that start
 * together during an upgrade must take the same lock.
 */
export const MIGRATION_LOCK_KEY = 0x6f72626974n; // 'orbit' in ASCII

/**
 * Runs `work` while holding a PostgreSQL session advisory lock on a connection of its own, so
 * that instances starting together on one database run it one after another: the first migrates,
 * the others wait and then find nothing to do (docs/DEPLOYMENT.md). The connection is not the
 * pool's, whose connections `work` needs. The lock ends with its connection, so an instance that
 * dies while holding it blocks nobody.
 */
export async function withAdvisoryLock<T>(
  config: pg.ClientConfig,
  key: bigint,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client(config);
  // A network error while `work` runs surfaces through `work`'s own queries or the unlock below.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key.toString()]);
    return await work();
  } finally {
    // Closing the session releases the lock as well; the explicit unlock only makes it prompt.
    await client.query('select pg_advisory_unlock($1)', [key.toString()]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** The key of the lock a restore holds: one restore at a time on a database, on any instance. */
export const RESTORE_LOCK_KEY = 0x6f72626975n; // 'orbit' + 1

/**
 * Like withAdvisoryLock, without waiting: when another session holds the lock, `work` does not
 * run and the answer says so (`ran: false`).
 */
export async function tryAdvisoryLock<T>(
  config: pg.ClientConfig,
  key: bigint,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = new pg.Client(config);
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [key.toString()],
    );
    if (!rows[0]?.locked) return { ran: false };
    return { ran: true, value: await work() };
  } finally {
    // Unlocking a lock this session does not hold only warns; closing releases it anyway.
    await client.query('select pg_advisory_unlock($1)', [key.toString()]).catch(() => {});
    await client.end().catch(() => {});
  }
}
