import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppSettings } from '#server/app-settings/app-settings.ts';
import type { AuditActor } from '#server/audit/audit.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { appSettings } from '#server/db/schema/admin.ts';
import { createMemoryPubSub } from '#server/realtime/pubsub.ts';
import { APP_SETTING_DEFAULTS } from '#shared/admin/app-settings.ts';
import { createUser } from '#tests/support/factories.ts';
import { openTestDatabase } from '#tests/support/test-database.ts';
import { until } from '#tests/support/until.ts';

/** Run-time settings reach every instance: at once when told, within the refresh otherwise. */
let database: DatabaseHandle;
let actor: AuditActor;
const silent = { warn() {}, error() {} } as never;
beforeAll(async () => {
  database = await openTestDatabase();
  const admin = await createUser(database.db, { isAdmin: true });
  actor = {
    userId: admin.id,
    username: admin.username,
    ipAddress: null,
    userAgent: null,
    requestId: null,
  };
});
afterAll(() => database.close());

describe('app settings', () => {
  it('start at their defaults and ignore stored values their schema refuses', async () => {
    await database.db.insert(appSettings).values([
      { key: 'maintenanceMode', value: 'yes please' },
      { key: 'someRetiredSetting', value: true },
    ]);
    const store = await createAppSettings({
      db: database.db,
      pubsub: createMemoryPubSub(),
      log: silent,
    });
    expect(store.current()).toEqual(APP_SETTING_DEFAULTS);
    await store.close();
  });

  it('reach an instance that hears the change at once, and one that missed it within its refresh', async () => {
    const shared = createMemoryPubSub();
    const a = await createAppSettings({ db: database.db, pubsub: shared, log: silent });
    const b = await createAppSettings({ db: database.db, pubsub: shared, log: silent });
    const deaf = await createAppSettings({
      db: database.db,
      pubsub: createMemoryPubSub(),
      log: silent,
      refreshMs: 200,
    });
    try {
      await a.update(actor, { registrationOpen: false });
      expect(a.current().registrationOpen).toBe(false);
      await until(
        () => b.current().registrationOpen,
        (open) => !open,
        { attempts: 80 },
      );
      expect(deaf.current().registrationOpen).toBe(true);
      await until(
        () => deaf.current().registrationOpen,
        (open) => !open,
        { attempts: 120 },
      );
    } finally {
      await a.update(actor, { registrationOpen: true });
      await Promise.all([a.close(), b.close(), deaf.close()]);
    }
  });
});
