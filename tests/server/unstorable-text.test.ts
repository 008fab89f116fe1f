import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas } from '#server/db/schema/personas.ts';
import { nextIp, uniqueUsername } from '#tests/support/auth-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

// Issue 15: text PostgreSQL cannot store made seven routes answer 500. Each is refused as a 400
// by the one text schema every input string is built from.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNSTORABLE = { nul: 'a\u0000b', 'lone surrogate': 'a\ud800b' };

interface Call {
  method: 'POST' | 'PATCH' | 'PUT';
  url: string;
  payload: Record<string, unknown>;
  caller?: 'guest' | 'subscriber' | 'admin';
}

async function cookieFor(caller: Call['caller']) {
  if (caller === undefined || caller === 'guest') return undefined;
  const overrides =
    caller === 'admin'
      ? { isAdmin: true }
      : { subscriptionTier: 'expert', subscriptionExpiry: null };
  return (await createSignedInUser(t.db, overrides)).cookie;
}

async function ownPersonaId() {
  const { user, cookie } = await createSignedInUser(t.db, {
    subscriptionTier: 'expert',
    subscriptionExpiry: null,
  });
  const [row] = await t.db
    .insert(personas)
    .values({
      name: 'Own',
      description: 'Own persona',
      systemPrompt: 'Be kind.',
      icon: 'bot',
      color: '#a855f7',
      userId: user.id,
    })
    .returning({ id: personas.id });
  return { id: row!.id, cookie };
}

const calls = (text: string): (Call | (() => Promise<Call & { cookie: string }>))[] => [
  { method: 'POST', url: '/api/login', payload: { username: text, password: 'whatever1' } },
  {
    method: 'POST',
    url: '/api/register',
    payload: { username: uniqueUsername('nul'), password: 'whatever12', displayName: text },
  },
  { method: 'POST', url: '/api/client-errors', payload: { message: text } },
  { method: 'PATCH', url: '/api/user', payload: { displayName: text }, caller: 'subscriber' },
  {
    method: 'POST',
    url: '/api/personas',
    payload: { name: text, description: 'd', systemPrompt: 'p' },
    caller: 'subscriber',
  },
  async () => {
    const { id, cookie } = await ownPersonaId();
    return { method: 'PATCH', url: `/api/personas/${id}`, payload: { name: text }, cookie };
  },
  {
    method: 'PUT',
    url: '/api/admin/models/gpt-4o',
    payload: { displayName: text },
    caller: 'admin',
  },
];

describe('text PostgreSQL cannot store', () => {
  for (const [kind, text] of Object.entries(UNSTORABLE)) {
    it(`is refused with 400 VALIDATION_ERROR on every route the audit found (${kind})`, async () => {
      for (const entry of calls(text)) {
        const call =
          typeof entry === 'function'
            ? await entry()
            : { ...entry, cookie: await cookieFor(entry.caller) };
        const response = await api(t.app, {
          method: call.method,
          url: call.url,
          payload: call.payload,
          remoteAddress: nextIp(),
          ...(call.cookie ? { cookie: call.cookie } : {}),
        });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(400);
        expect(response.json(), `${call.method} ${call.url}`).toMatchObject({
          code: 'VALIDATION_ERROR',
          statusCode: 400,
          message: 'Text must not contain NUL characters or unpaired surrogate code points',
        });
      }
    });
  }
});
