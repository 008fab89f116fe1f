import type { FastifyBaseLogger } from 'fastify';
import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import { APP_SETTINGS_TOPIC } from '#server/realtime/topics.ts';
import {
  APP_SETTING_DEFAULTS,
  AppSettingsSchema,
  type AppSettingKey,
  type AppSettings,
  type AppSettingsPatch,
} from '#shared/admin/app-settings.ts';
import { readStoredSettings, writeStoredSettings } from './app-settings.queries.ts';

/** However a change notice is lost (Redis restarting), every instance is current within this. */
export const APP_SETTINGS_REFRESH_MS = 30_000;

/**
 * The administrator's run-time settings, held in memory so every request reads them without a
 * query (decision 121). A change is stored and audited in one transaction, then announced on the
 * realtime layer so the other instances reload at once; each also reloads every 30 s.
 */
export interface AppSettingsStore {
  current(): AppSettings;
  update(actor: AuditActor, patch: AppSettingsPatch): Promise<AppSettings>;
  reload(): Promise<void>;
  close(): Promise<void>;
}

export async function createAppSettings(deps: {
  db: Database;
  pubsub: PubSub;
  log: FastifyBaseLogger;
  refreshMs?: number;
}): Promise<AppSettingsStore> {
  const { db, pubsub, log } = deps;
  let settings: AppSettings = { ...APP_SETTING_DEFAULTS };

  async function reload() {
    const next: AppSettings = { ...APP_SETTING_DEFAULTS };
    for (const { key, value } of await readStoredSettings(db)) {
      const schema = AppSettingsSchema.shape[key as AppSettingKey];
      const parsed = schema?.safeParse(value);
      // A key from a newer or older version, or a value it no longer accepts: the default holds.
      if (parsed?.success) Object.assign(next, { [key]: parsed.data });
      else log.warn({ key }, 'ignoring an unknown or invalid app setting');
    }
    settings = next;
  }

  const reloadQuietly = () =>
    reload().catch((error: unknown) => log.error({ err: error }, 'reloading app settings failed'));

  await reload();
  const unsubscribe = await pubsub.subscribe(APP_SETTINGS_TOPIC, () => void reloadQuietly());
  const timer = setInterval(() => void reloadQuietly(), deps.refreshMs ?? APP_SETTINGS_REFRESH_MS);
  timer.unref();

  return {
    current: () => settings,
    reload,
    async update(actor, patch) {
      const changed = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      ) as AppSettingsPatch;
      await withAudit(db, actor, 'settings.update', { type: 'settings' }, async (tx, record) => {
        record.before = Object.fromEntries(
          Object.keys(changed).map((key) => [key, settings[key as AppSettingKey]]),
        );
        record.after = changed;
        await writeStoredSettings(tx, changed, actor.userId);
      });
      await reload();
      pubsub.publish(APP_SETTINGS_TOPIC, { changed: Object.keys(changed) });
      return settings;
    },
    async close() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
