import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '#tests/support/factories.ts';
import { streamReader } from '#tests/support/stream-reader.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** An administrator whose rights are taken away keeps no administrator stream open. */
let t: TestContext;
let origin: string;
let chief: Awaited<ReturnType<typeof createSignedInUser>>;
let brandId: string;

beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  chief = await createSignedInUser(t.db, { isAdmin: true });
  const brand = await api(t.app, {
    method: 'POST',
    url: '/api/omnichannel/brands',
    cookie: chief.cookie,
    payload: { name: 'Acme' },
  });
  brandId = brand.json<{ brandId: string }>().brandId;
});
afterAll(() => t.close());

const openInbox = (cookie: string, signal: AbortSignal) =>
  fetch(`${origin}/api/omnichannel/inbox/stream?brandId=${brandId}`, {
    headers: { accept: 'text/event-stream', cookie },
    signal,
  });

describe('taking administrator rights away', () => {
  it('closes the live inbox they hold open, and keeps them signed in as a user', async () => {
    const former = await createSignedInUser(t.db, { isAdmin: true });
    const controller = new AbortController();
    const inbox = await openInbox(former.cookie, controller.signal);
    expect(inbox.status).toBe(200);
    const events = streamReader(inbox);
    await events.until('retry:');

    const demoted = await api(t.app, {
      method: 'PATCH',
      url: `/api/admin/users/${former.user.id}`,
      cookie: chief.cookie,
      payload: { isAdmin: false },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // Customers' addresses stop reaching them at once, not when they close the tab.
    await expect(events.until('event: never')).rejects.toThrow('stream ended');

    const me = await api(t.app, { method: 'GET', url: '/api/user', cookie: former.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: former.user.id, isAdmin: false });
    const again = await openInbox(former.cookie, controller.signal);
    expect(again.status).toBe(403);
    controller.abort();
  });
});
