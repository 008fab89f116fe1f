import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas } from '#server/db/schema/personas.ts';
import { createSignedInUser, type UserOverrides } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const FREE: UserOverrides = { subscriptionTier: 'free' };
const PREMIUM: UserOverrides = { subscriptionTier: 'premium', subscriptionExpiry: null };
const EXPERT: UserOverrides = { subscriptionTier: 'expert', subscriptionExpiry: null };
const ULTIMATE: UserOverrides = { subscriptionTier: 'ultimate', subscriptionExpiry: null };

const getSettings = (cookie: string | undefined, id: number | string = 'me') =>
  api(t.app, { method: 'GET', url: `/api/settings/${id}`, ...(cookie ? { cookie } : {}) });
const patchSettings = (cookie: string, id: number | string, payload: unknown) =>
  api(t.app, { method: 'PATCH', url: `/api/settings/${id}`, cookie, payload: payload as object });

async function signedIn(overrides: UserOverrides = FREE) {
  const { user, cookie } = await createSignedInUser(t.db, overrides);
  const patch = (payload: unknown) => patchSettings(cookie, user.id, payload);
  return { user, cookie, patch };
}

describe('reading settings', () => {
  it('is 401 for guests', async () => {
    expect((await getSettings(undefined)).statusCode).toBe(401);
    expect((await getSettings(undefined, 1)).statusCode).toBe(401);
  });

  it('answers the stored defaults for a user without a settings row', async () => {
    const { user, cookie } = await signedIn();
    const expected = {
      userId: user.id,
      theme: 'dunkel',
      accentColor: 'purple',
      fontSize: 'medium',
      responseLength: 'balanced',
      aiModel: 'gpt-4o',
      defaultPersona: null,
      defaultPersonaId: null,
      animationsEnabled: true,
      language: 'de',
    };
    const me = await getSettings(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(expected);
    expect((await getSettings(cookie, user.id)).json()).toEqual(expected);
  });

  it("refuses another user's settings with 403 PERMISSION_ERROR", async () => {
    const { cookie } = await signedIn();
    const other = await signedIn();
    const response = await getSettings(cookie, other.user.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PERMISSION_ERROR', statusCode: 403 });
  });

  it('lets an administrator read anyone, and 404s an unknown user', async () => {
    const admin = await signedIn({ isAdmin: true });
    const other = await signedIn();
    await other.patch({ language: 'sq' });
    const response = await getSettings(admin.cookie, other.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userId: other.user.id, language: 'sq' });
    expect((await getSettings(admin.cookie, 999_999)).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 400 for a non-numeric user id', async () => {
    const { cookie } = await signedIn();
    const response = await getSettings(cookie, 'abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { userId: expect.any(Array) },
    });
    expect((await patchSettings(cookie, '1.5', { theme: 'hell' })).statusCode).toBe(400);
  });
});

describe('changing settings', () => {
  it('stores each field and answers the full settings object', async () => {
    const { cookie, patch } = await signedIn();
    const changes = [
      { theme: 'hell' },
      { theme: 'classic' },
      { accentColor: 'teal' },
      { fontSize: 'large' },
      { responseLength: 'detailed' },
      { language: 'ko' },
      { animationsEnabled: false },
      { aiModel: 'gpt-4o' },
      { defaultPersona: 1 },
    ];
    for (const change of changes) {
      const response = await patch(change);
      expect(response.statusCode, JSON.stringify(change)).toBe(200);
      expect(response.json()).toMatchObject(change);
    }
    expect((await getSettings(cookie)).json()).toMatchObject({
      theme: 'classic',
      accentColor: 'teal',
      fontSize: 'large',
      responseLength: 'detailed',
      language: 'ko',
      animationsEnabled: false,
      aiModel: 'gpt-4o',
      defaultPersona: 1,
      defaultPersonaId: 1,
    });
  });

  it('refuses invalid values with 400 and per-field details', async () => {
    const { patch } = await signedIn();
    const cases: [unknown, string][] = [
      [{ theme: 'neon' }, 'theme'],
      [{ fontSize: 'huge' }, 'fontSize'],
      [{ responseLength: 'endless' }, 'responseLength'],
      [{ language: 'fr' }, 'language'],
      [{ animationsEnabled: 'yes' }, 'animationsEnabled'],
      [{ aiModel: 'gpt-2' }, 'aiModel'],
      [{ accentColor: 42 }, 'accentColor'],
      [{ defaultPersona: 'first' }, 'defaultPersona'],
      [{ defaultPersona: 0 }, 'defaultPersona'],
      [{ colour: 'blue' }, '_'],
      [{}, '_'],
    ];
    for (const [payload, field] of cases) {
      const response = await patch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details, JSON.stringify(payload)).toHaveProperty([field]);
    }
    expect((await patch({ aiModel: 'gpt-2' })).json().message).toBe('Unknown AI model');
  });

  it('maps hex accents to their names and unknown accents to purple', async () => {
    const { patch } = await signedIn();
    expect((await patch({ accentColor: '#3B82F6' })).json().accentColor).toBe('blue');
    expect((await patch({ accentColor: '#f97316' })).json().accentColor).toBe('orange');
    expect((await patch({ accentColor: 'Green' })).json().accentColor).toBe('green');
    expect((await patch({ accentColor: '#123456' })).json().accentColor).toBe('purple');
    await patch({ accentColor: 'amber' });
    expect((await patch({ accentColor: 'magenta' })).json().accentColor).toBe('purple');
  });

  it("refuses changing another user's settings, even for an administrator", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const admin = await signedIn({ isAdmin: true });
    for (const cookie of [stranger.cookie, admin.cookie]) {
      const response = await patchSettings(cookie, owner.user.id, { theme: 'hell' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('PERMISSION_ERROR');
    }
    expect((await getSettings(owner.cookie)).json().theme).toBe('dunkel');
  });
});

describe('model choice by tier', () => {
  const expectRefused = async (payload: object, overrides: UserOverrides) => {
    const response = await (await signedIn(overrides)).patch(payload);
    expect(response.statusCode, JSON.stringify({ payload, overrides })).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PERMISSION_ERROR' });
    expect(response.json().message).toMatch(/not available on your plan/);
  };
  const expectAllowed = async (aiModel: string, overrides: UserOverrides) => {
    const response = await (await signedIn(overrides)).patch({ aiModel });
    expect(response.statusCode, JSON.stringify({ aiModel, overrides })).toBe(200);
    expect(response.json().aiModel).toBe(aiModel);
  };

  it('gives free and premium users GPT-4o only', async () => {
    await expectAllowed('gpt-4o', FREE);
    await expectAllowed('gpt-4o', PREMIUM);
    await expectRefused({ aiModel: 'gpt-4o-mini' }, FREE);
    await expectRefused({ aiModel: 'gpt-4o-mini' }, PREMIUM);
    await expectRefused({ aiModel: 'gpt-5' }, FREE);
  });

  it('adds GPT-4o Mini and GPT-4 Turbo for expert, everything for ultimate', async () => {
    await expectAllowed('gpt-4o-mini', EXPERT);
    await expectAllowed('gpt-4-turbo', EXPERT);
    await expectRefused({ aiModel: 'claude-3-opus' }, EXPERT);
    for (const model of [
      'claude-3-opus',
      'gpt-5',
      'claude-sonnet-4',
      'llama-3.1-sonar-large-128k-online',
    ]) {
      await expectAllowed(model, ULTIMATE);
    }
    await expectAllowed('gpt-4o-mini', ULTIMATE);
  });

  it('treats an expired subscription as free', async () => {
    const lapsed = { subscriptionTier: 'ultimate', subscriptionExpiry: new Date(Date.now() - DAY) };
    await expectRefused({ aiModel: 'claude-3-opus' }, lapsed);
    await expectAllowed('gpt-4o', lapsed);
    await expectAllowed('claude-3-opus', {
      ...lapsed,
      subscriptionExpiry: new Date(Date.now() + DAY),
    });
  });
});

describe('default persona', () => {
  it('accepts a numeric string, the defaultPersonaId alias and null', async () => {
    const { patch } = await signedIn();
    expect((await patch({ defaultPersona: '1' })).json()).toMatchObject({
      defaultPersona: 1,
      defaultPersonaId: 1,
    });
    expect((await patch({ defaultPersona: null })).json().defaultPersona).toBeNull();
    expect((await patch({ defaultPersonaId: 1 })).json().defaultPersona).toBe(1);
    expect((await patch({ defaultPersona: 1, defaultPersonaId: 2 })).statusCode).toBe(400);
  });

  it('refuses personas the user may not use', async () => {
    const [builtin] = await t.db
      .select({ id: personas.id })
      .from(personas)
      .where(eq(personas.builtinKey, 'code-expert'));
    const free = await signedIn();
    const subscriber = await signedIn(EXPERT);
    const created = await api(t.app, {
      method: 'POST',
      url: '/api/personas',
      cookie: subscriber.cookie,
      payload: { name: 'Mine', description: 'Private helper', systemPrompt: 'Be brief.' },
    });
    const customId = created.json().id as number;

    // Free plan: only Persona42 (spec 01-core §6).
    const refused = await free.patch({ defaultPersona: builtin!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { defaultPersona: expect.any(Array) },
    });
    expect((await free.patch({ defaultPersona: customId })).statusCode).toBe(400);
    expect((await free.patch({ defaultPersona: 999_999 })).statusCode).toBe(400);

    expect((await subscriber.patch({ defaultPersona: builtin!.id })).statusCode).toBe(200);
    expect((await subscriber.patch({ defaultPersona: customId })).json().defaultPersona).toBe(
      customId,
    );
    const otherSubscriber = await signedIn(EXPERT);
    expect((await otherSubscriber.patch({ defaultPersona: customId })).statusCode).toBe(400);
  });
});

describe('models added by an administrator', () => {
  const putModel = async (modelId: string, payload: object) => {
    const { cookie } = await signedIn({ isAdmin: true });
    const response = await api(t.app, {
      method: 'PUT',
      url: `/api/admin/models/${modelId}`,
      cookie,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return cookie;
  };
  const compatible = (minTier: string, extra: object = {}) => ({
    displayName: `Local ${minTier}`,
    provider: 'openai-compatible',
    upstreamModel: 'qwen2.5:7b',
    minTier,
    ...extra,
  });

  it('can be saved as the default model by every plan that may use them', async () => {
    await putModel('qwen2.5:7b', compatible('free'));
    await putModel('local-expert', compatible('expert'));

    const free = await signedIn(FREE);
    const saved = await free.patch({ aiModel: 'qwen2.5:7b' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().aiModel).toBe('qwen2.5:7b');
    expect((await getSettings(free.cookie)).json().aiModel).toBe('qwen2.5:7b');

    const refused = await free.patch({ aiModel: 'local-expert' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PERMISSION_ERROR',
      message: 'Local expert is not available on your plan',
    });
    expect((await getSettings(free.cookie)).json().aiModel).toBe('qwen2.5:7b');

    const expert = await signedIn(EXPERT);
    expect((await expert.patch({ aiModel: 'local-expert' })).json().aiModel).toBe('local-expert');
  });

  it('refuses a disabled or removed model as unknown', async () => {
    const adminCookie = await putModel('local-off', compatible('free', { isEnabled: false }));
    const { patch } = await signedIn(ULTIMATE);
    const disabled = await patch({ aiModel: 'local-off' });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Unknown AI model',
      details: { aiModel: expect.any(Array) },
    });

    await putModel('local-gone', compatible('free'));
    expect((await patch({ aiModel: 'local-gone' })).statusCode).toBe(200);
    await api(t.app, {
      method: 'DELETE',
      url: '/api/admin/models/local-gone',
      cookie: adminCookie,
    });
    expect((await patch({ aiModel: 'local-gone' })).json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
    });
    // Not a model id at all: refused by the schema before the catalogue is read.
    expect((await patch({ aiModel: '../etc' })).json().code).toBe('VALIDATION_ERROR');
  });
});
