import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas } from '#server/db/schema/personas.ts';
import { BUILTIN_PERSONAS } from '#server/features/personas/builtin-personas.ts';
import { seedPersonas } from '#server/features/personas/personas.seed.ts';
import { SYSTEM_PROMPT_FIELDS, TRANSLATION_FIELDS } from '#shared/personas/persona-schemas.ts';
import { createSignedInUser, type UserOverrides } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const SUBSCRIBER: UserOverrides = { subscriptionTier: 'expert', subscriptionExpiry: null };
const LAPSED: UserOverrides = {
  subscriptionTier: 'ultimate',
  subscriptionExpiry: new Date(Date.now() - DAY),
};
const NEW_PERSONA = {
  name: 'Travel Planner',
  description: 'Plans trips on a budget',
  systemPrompt: 'You plan trips. Ask for dates and budget first.',
};

type Json = Record<string, unknown>;
const list = async (cookie: string) =>
  (await api(t.app, { method: 'GET', url: '/api/personas', cookie })).json<Json[]>();
const create = (cookie: string, payload: unknown) =>
  api(t.app, { method: 'POST', url: '/api/personas', cookie, payload: payload as object });
const update = (cookie: string, id: unknown, payload: unknown) =>
  api(t.app, {
    method: 'PATCH',
    url: `/api/personas/${String(id)}`,
    cookie,
    payload: payload as object,
  });
const remove = (cookie: string, id: unknown) =>
  api(t.app, { method: 'DELETE', url: `/api/personas/${String(id)}`, cookie });

describe('built-in personas', () => {
  it('lists Persona42 first with id 1 as the default, its name and description in six languages', async () => {
    const { cookie } = await createSignedInUser(t.db, SUBSCRIBER);
    const all = await list(cookie);
    expect(all).toHaveLength(BUILTIN_PERSONAS.length);
    expect(all[0]).toMatchObject({
      id: 1,
      name: 'Persona42',
      isDefault: true,
      isCustom: false,
      userId: null,
    });
    expect(all.filter((persona) => persona.isDefault)).toHaveLength(1);
    const listed = ['name', 'description', 'icon', ...TRANSLATION_FIELDS].filter(
      (field) => !(SYSTEM_PROMPT_FIELDS as readonly string[]).includes(field),
    );
    for (const persona of all) {
      for (const field of listed) {
        expect(persona[field], `${String(persona.name)}.${field}`).toEqual(
          expect.stringMatching(/\S/),
        );
      }
      expect(persona.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(persona.language).toBe('en');
    }
    expect(all.find((persona) => persona.name === 'Code Expert')).toMatchObject({
      nameDe: 'Code-Experte',
      nameZh: '编程专家',
      nameKo: '코딩 전문가',
      icon: 'code',
    });
  });

  it('keeps their system prompts on the server: listed without them, stored in six languages', async () => {
    const { cookie } = await createSignedInUser(t.db, { isAdmin: true });
    for (const persona of await list(cookie)) {
      for (const field of SYSTEM_PROMPT_FIELDS) {
        expect(persona, `${String(persona.name)}.${field}`).not.toHaveProperty(field);
      }
    }
    const stored = await t.db.select().from(personas).where(isNull(personas.userId));
    expect(stored).toHaveLength(BUILTIN_PERSONAS.length);
    for (const persona of stored) {
      for (const field of SYSTEM_PROMPT_FIELDS) {
        expect(persona[field], `${persona.name}.${field}`).toEqual(expect.stringMatching(/\S/));
      }
    }
  });

  it('gives the free plan, and a lapsed subscription, only Persona42', async () => {
    for (const overrides of [
      {},
      LAPSED,
      { subscriptionTier: 'expert', subscriptionExpiry: new Date(Date.now() - 1000) },
    ]) {
      const { cookie } = await createSignedInUser(t.db, overrides);
      const names = (await list(cookie)).map((persona) => persona.name);
      expect(names, JSON.stringify(overrides)).toEqual(['Persona42']);
    }
  });

  it('gives premium subscribers and administrators every built-in', async () => {
    for (const overrides of [
      { subscriptionTier: 'premium', subscriptionExpiry: new Date(Date.now() + DAY) },
      { isAdmin: true },
    ]) {
      const { cookie } = await createSignedInUser(t.db, overrides);
      expect(await list(cookie)).toHaveLength(BUILTIN_PERSONAS.length);
    }
  });

  it('is 401 for guests', async () => {
    expect((await api(t.app, { method: 'GET', url: '/api/personas' })).statusCode).toBe(401);
  });

  it('cannot be changed or deleted, not even by an administrator', async () => {
    const { cookie } = await createSignedInUser(t.db, { isAdmin: true });
    expect((await update(cookie, 1, { name: 'Mine now' })).json()).toMatchObject({
      statusCode: 403,
      code: 'PERMISSION_ERROR',
    });
    expect((await remove(cookie, 1)).statusCode).toBe(403);
    expect((await list(cookie))[0]?.name).toBe('Persona42');
  });

  it('seeds idempotently and brings changed built-in texts back', async () => {
    const builtins = () =>
      t.db.select({ n: count() }).from(personas).where(isNull(personas.userId));
    const [before] = await builtins();
    await t.db
      .update(personas)
      .set({ nameDe: 'Veraltet' })
      .where(eq(personas.builtinKey, 'persona42'));
    await seedPersonas(t.db);
    await seedPersonas(t.db);
    expect(await builtins()).toEqual([before]);
    const [persona42] = await t.db
      .select()
      .from(personas)
      .where(eq(personas.builtinKey, 'persona42'));
    expect(persona42).toMatchObject({ id: 1, nameDe: 'Persona42', isDefault: true });
  });
});

describe('custom personas', () => {
  it('lets a subscriber create, edit and delete their own', async () => {
    const { user, cookie } = await createSignedInUser(t.db, SUBSCRIBER);
    const created = await create(cookie, {
      ...NEW_PERSONA,
      icon: 'plane',
      color: '#0ea5e9',
      nameDe: 'Reiseplaner',
    });
    expect(created.statusCode).toBe(201);
    const persona = created.json<Json>();
    expect(persona).toMatchObject({
      ...NEW_PERSONA,
      icon: 'plane',
      nameDe: 'Reiseplaner',
      nameZh: null,
      isCustom: true,
      isDefault: false,
      userId: user.id,
    });
    expect((await list(cookie)).at(-1)).toEqual(persona);

    const edited = await update(cookie, persona.id, { name: '  Trip Planner ', color: '#f97316' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Trip Planner',
      color: '#f97316',
      description: NEW_PERSONA.description,
    });

    expect((await remove(cookie, persona.id)).statusCode).toBe(204);
    expect((await list(cookie)).some((p) => p.id === persona.id)).toBe(false);
    expect((await remove(cookie, persona.id)).statusCode).toBe(404);
  });

  it('refuses users without an active subscription with 403', async () => {
    const subscriber = await createSignedInUser(t.db, SUBSCRIBER);
    const id = (await create(subscriber.cookie, NEW_PERSONA)).json().id as number;
    for (const overrides of [{}, { subscriptionTier: 'free' }, LAPSED]) {
      const { cookie } = await createSignedInUser(t.db, overrides);
      const response = await create(cookie, NEW_PERSONA);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'PERMISSION_ERROR',
        message: 'Custom personas require an active subscription',
      });
      expect((await update(cookie, id, { name: 'x' })).statusCode).toBe(403);
      expect((await remove(cookie, id)).statusCode).toBe(403);
    }
    const { cookie: admin } = await createSignedInUser(t.db, { isAdmin: true });
    expect((await create(admin, NEW_PERSONA)).statusCode).toBe(201);
  });

  it("hides other users' personas: not listed, 404 on change", async () => {
    const owner = await createSignedInUser(t.db, SUBSCRIBER);
    const stranger = await createSignedInUser(t.db, SUBSCRIBER);
    const admin = await createSignedInUser(t.db, { isAdmin: true });
    const id = (await create(owner.cookie, NEW_PERSONA)).json().id as number;
    for (const cookie of [stranger.cookie, admin.cookie]) {
      expect((await list(cookie)).some((persona) => persona.id === id)).toBe(false);
      expect((await update(cookie, id, { name: 'Taken' })).json()).toMatchObject({
        statusCode: 404,
        code: 'NOT_FOUND',
      });
      expect((await remove(cookie, id)).statusCode).toBe(404);
    }
    expect((await update(owner.cookie, 999_999, { name: 'x' })).statusCode).toBe(404);
    expect((await update(owner.cookie, 'abc', { name: 'x' })).statusCode).toBe(400);
    expect((await list(owner.cookie)).at(-1)).toMatchObject({ id, name: NEW_PERSONA.name });
  });

  it('names every missing required field with the spec texts', async () => {
    const { cookie } = await createSignedInUser(t.db, SUBSCRIBER);
    const response = await create(cookie, { name: '   ', icon: 'bot' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please fill in all required fields',
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      details: {
        name: ['Name is required'],
        description: ['Description is required'],
        systemPrompt: ['System prompt is required'],
      },
    });
    const id = (await create(cookie, NEW_PERSONA)).json().id as number;
    const cleared = await update(cookie, id, { systemPrompt: '' });
    expect(cleared.json()).toMatchObject({
      message: 'Please fill in all required fields',
      details: { systemPrompt: ['System prompt is required'] },
    });
  });

  it('refuses other invalid input with field details', async () => {
    const { cookie } = await createSignedInUser(t.db, SUBSCRIBER);
    for (const [payload, field] of [
      [{ ...NEW_PERSONA, color: 'red' }, 'color'],
      [{ ...NEW_PERSONA, icon: 'Not An Icon' }, 'icon'],
      [{ ...NEW_PERSONA, name: 'x'.repeat(101) }, 'name'],
      [{ ...NEW_PERSONA, isDefault: true }, '_'],
    ] as const) {
      const response = await create(cookie, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toHaveProperty([field]);
    }
  });

  it('edits translations only in translation mode and reports when nothing changed', async () => {
    const { cookie } = await createSignedInUser(t.db, SUBSCRIBER);
    const id = (await create(cookie, { ...NEW_PERSONA, nameDe: 'Reiseplaner' })).json()
      .id as number;
    const translated = await update(cookie, id, {
      translationOnly: true,
      nameDe: 'Reiseplaner',
      nameSq: 'Planifikues udhëtimesh',
    });
    expect(translated.statusCode).toBe(200);
    expect(translated.json()).toMatchObject({
      ...NEW_PERSONA,
      nameDe: 'Reiseplaner',
      nameSq: 'Planifikues udhëtimesh',
    });

    const unchanged = await update(cookie, id, {
      translationOnly: true,
      nameDe: 'Reiseplaner',
      nameSq: 'Planifikues udhëtimesh',
    });
    expect(unchanged.json()).toEqual({
      message: 'No Changes',
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      details: { _: ["You haven't made any changes to the translations"] },
    });
    expect((await update(cookie, id, { translationOnly: true })).json().message).toBe('No Changes');
    // Main fields cannot ride along in translation mode.
    expect(
      (await update(cookie, id, { translationOnly: true, name: 'Other', nameDe: 'Neu' }))
        .statusCode,
    ).toBe(400);
    // A blank translation clears it.
    expect(
      (await update(cookie, id, { translationOnly: true, nameSq: ' ' })).json().nameSq,
    ).toBeNull();
  });

  it("leaves the owner's default persona empty when it is deleted", async () => {
    const { user, cookie } = await createSignedInUser(t.db, SUBSCRIBER);
    const id = (await create(cookie, NEW_PERSONA)).json().id as number;
    const patched = await api(t.app, {
      method: 'PATCH',
      url: `/api/settings/${user.id}`,
      cookie,
      payload: { defaultPersona: id },
    });
    expect(patched.json().defaultPersona).toBe(id);
    expect((await remove(cookie, id)).statusCode).toBe(204);
    const settings = await api(t.app, { method: 'GET', url: '/api/settings/me', cookie });
    expect(settings.json()).toMatchObject({ defaultPersona: null, defaultPersonaId: null });
  });
});
