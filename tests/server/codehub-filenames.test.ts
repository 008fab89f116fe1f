import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/**
 * Adversarial review of code hub file names (decision 344): a name shows what it is. Nothing
 * invisible, nothing that reorders the text, and one spelling per name.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newProject(cookie: string) {
  const response = await api(t.app, {
    method: 'POST',
    url: '/api/codehub/projects',
    cookie,
    payload: { name: 'Names', language: 'python', isPublic: true },
  });
  expect(response.statusCode).toBe(201);
  return `/api/codehub/projects/${response.json<{ id: string }>().id}/files`;
}

const post = (cookie: string, url: string, filename: string) =>
  api(t.app, { method: 'POST', url, cookie, payload: { filename } });

describe('code hub file names', () => {
  it('refuses control, bidi and invisible characters, on create and on rename', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const files = await newProject(cookie);
    const hidden = [
      'x\u0085y.py', // NEL, a C1 control character
      'x\u009by.py', // CSI, a C1 control character
      'evil\u202Eyp.js', // right-to-left override: shows as "evilsj.py", runs as JavaScript
      'main\u2066.py', // left-to-right isolate
      'ma\u200Bin.py', // zero-width space: a second "main.py"
      'ma\uFEFFin.py', // zero-width no-break space (byte order mark)
      'a\u2028b.py', // line separator
    ];
    for (const filename of hidden) {
      const response = await post(cookie, files, filename);
      expect(response.statusCode, JSON.stringify(filename)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
    }
    const helper = (await post(cookie, files, 'helper.py')).json<{ id: string }>();
    const rename = await api(t.app, {
      method: 'PATCH',
      url: `${files}/${helper.id}`,
      cookie,
      payload: { filename: 'help\u202Eer.py' },
    });
    expect(rename.statusCode).toBe(400);

    const list = await api(t.app, { method: 'GET', url: files, cookie });
    expect(list.json<{ files: { filename: string }[] }>().files.map((f) => f.filename)).toEqual([
      'main.py',
      'helper.py',
    ]);
  });

  it('keeps names in every script and emoji, stored in one spelling', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const files = await newProject(cookie);
    for (const filename of ['数据.py', 'привет.py', '🍞.py', 'mañana.py']) {
      const response = await post(cookie, files, filename);
      expect(response.statusCode, filename).toBe(201);
      expect(response.json()).toMatchObject({ filename });
    }
    // "café" decomposed (e + combining acute) is the same name as precomposed: one file, then 409.
    const decomposed = await post(cookie, files, 'cafe\u0301.py');
    expect(decomposed.statusCode).toBe(201);
    expect(decomposed.json()).toMatchObject({ filename: 'caf\u00e9.py' });
    const precomposed = await post(cookie, files, 'caf\u00e9.py');
    expect(precomposed.statusCode).toBe(409);
    expect(precomposed.json()).toMatchObject({ code: 'CONFLICT' });
  });
});
