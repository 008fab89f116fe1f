import type { Redis } from 'ioredis';
import type { RestoreStatus } from '#shared/admin/backups.ts';

/** How long a restore's outcome can be asked for after it began. */
const KEEP_SECONDS = 24 * 60 * 60;
const KEY_PREFIX = 'backups:restore:';

/**
 * The state of named restores, for GET /api/admin/backups/restore/{restoreId} (decision 309).
 * With Redis it is shared: behind nginx the question may reach another instance than the one
 * restoring. Without Redis there is one instance, and the state lives in it.
 */
export interface RestoreStates {
  save(restoreId: string, status: RestoreStatus): Promise<void>;
  find(restoreId: string): Promise<RestoreStatus | null>;
}

export function createRestoreStates(redis: Redis | undefined): RestoreStates {
  if (redis) {
    return {
      async save(restoreId, status) {
        await redis.set(KEY_PREFIX + restoreId, JSON.stringify(status), 'EX', KEEP_SECONDS);
      },
      async find(restoreId) {
        const stored = await redis.get(KEY_PREFIX + restoreId);
        return stored === null ? null : (JSON.parse(stored) as RestoreStatus);
      },
    };
  }
  // One restore runs at a time: the latest is the one anybody still asks about.
  let latest: { restoreId: string; status: RestoreStatus } | null = null;
  return {
    save: async (restoreId, status) => {
      latest = { restoreId, status };
    },
    find: async (restoreId) => (latest?.restoreId === restoreId ? latest.status : null),
  };
}
