import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '#shared/api-keys/api-key-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/**
 * The bytes of a streamed completion as a client without OpenAI's SDK reads them: with
 * stream_options.include_usage, OpenAI sends `usage: null` on every chunk but the last, which
 * carries the usage and no choices; typed clients (and code testing `usage !== null`) rely on it.
 */
let t: TestContext;
let fake: FakeAi;
let baseUrl: string;
beforeAll(async () => {
  ({ t, fake, baseUrl } = await startAppWithFakeAi({}, { listen: true }));
  fake.when('[wire]', { chunks: ['One', ' two'], usage: { input: 7, output: 2 } });
});
afterAll(() => stopAppWithFakeAi({ t, fake }));

async function keyOfExpert() {
  const { cookie } = await createSignedInUser(t.db, {
    subscriptionTier: 'expert',
    subscriptionExpiry: null,
  });
  const response = await api(t.app, {
    method: 'POST',
    url: '/api/api-keys',
    cookie,
    payload: { name: 'Script', scopes: ['chat:write'], expiresInDays: 7 },
  });
  return response.json<CreatedApiKey>().key;
}

/** The data lines of a streamed completion: the JSON chunks, then whether [DONE] came last. */
async function streamedChunks(key: string, body: object) {
  const response = await fetch(`${baseUrl}/api/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Count [wire]' }],
      stream: true,
      ...body,
    }),
  });
  expect(response.status).toBe(200);
  const data = (await response.text())
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice('data: '.length));
  expect(data.at(-1)).toBe('[DONE]');
  return data.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('usage in a streamed completion', () => {
  it('is null on every chunk but the last with include_usage, absent without', async () => {
    const key = await keyOfExpert();
    const chunks = await streamedChunks(key, { stream_options: { include_usage: true } });
    const last = chunks.at(-1)!;
    expect(last).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
    });
    const others = chunks.slice(0, -1);
    expect(others.length).toBeGreaterThanOrEqual(3);
    for (const chunk of others) expect(chunk).toHaveProperty('usage', null);

    const plain = await streamedChunks(key, {});
    expect(plain.at(-1)).toMatchObject({ choices: [{ finish_reason: 'stop' }] });
    for (const chunk of plain) expect(chunk).not.toHaveProperty('usage');
  });
});
