import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { multipartUpload } from '#tests/support/multipart.ts';
import { SAMPLE_FILES } from '#tests/support/sample-files.ts';
import {
  postJson,
  serverDatabase,
  startServer,
  type RunningServer,
} from '#tests/support/server-process.ts';

// Issue 16, item 6(b) and (c): the real server process killed (SIGKILL) or stopped (SIGTERM)
// while a reply streams. Killed: after the restart the question stands unanswered (the client
// shows it failed, with retry), a keyed retry says so at once, and nothing is left half-written.
// Stopped: replies get a deadline to finish, then what was generated is stored as stopped.

const ADMIN_PASSWORD = `admin-${randomBytes(6).toString('hex')}`;
let dataDir: string;
let fake: FakeAi;
let database: Awaited<ReturnType<typeof serverDatabase>>;

const start = () =>
  startServer(
    fake.env({
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD,
      ...database.env,
    }),
  );

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-chat-faults-'));
  fake = await FakeAi.start();
  database = await serverDatabase('orbit_chat_faults');
});
afterAll(async () => {
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

async function signIn(server: RunningServer) {
  const login = await postJson(server.baseUrl, '/api/login', {
    username: 'chief',
    password: ADMIN_PASSWORD,
  });
  expect(login.status).toBe(200);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

interface OpenStream {
  conversationId: string;
  /** Everything the stream carried, once it ended. */
  rest: Promise<string>;
}

/** Sends a streamed chat message; resolves after its first delta, the stream still open. */
async function streamUntilFirstDelta(
  server: RunningServer,
  cookie: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const response = await fetch(`${server.baseUrl}/api/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'x-requested-with': 'XMLHttpRequest',
      cookie,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: delta')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before a delta:\n${text}`);
    text += decoder.decode(value, { stream: true });
  }
  const conversationId = /"conversationId":"([^"]+)"/.exec(text)![1]!;
  const rest = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      return text;
    }
  })();
  return { conversationId, rest };
}

async function messagesOf(server: RunningServer, cookie: string, conversationId: string) {
  const response = await fetch(`${server.baseUrl}/api/messages/${conversationId}`, {
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  const messages = (await response.json()) as {
    isUserMessage: boolean;
    content: string;
    status: string;
  }[];
  return messages.map((m) => [m.isUserMessage ? 'user' : 'assistant', m.content, m.status]);
}

describe('the server killed mid-reply', () => {
  it('leaves the question unanswered with a retry, answers a keyed retry with 503, keeps files whole', async () => {
    // A reply of 40 words, 250 ms apart: still streaming when the process dies.
    fake.when('[kill]', {
      chunks: Array.from({ length: 40 }, (_, i) => `k${i} `),
      chunkDelayMs: 250,
    });
    let server = await start();
    let cookie = await signIn(server);
    const upload = await fetch(`${server.baseUrl}/api/files`, {
      method: 'POST',
      ...(() => {
        const { payload, headers } = multipartUpload({
          name: 'plan.png',
          content: SAMPLE_FILES.png,
        });
        return {
          body: payload,
          headers: { ...headers, cookie, 'x-requested-with': 'XMLHttpRequest' },
        };
      })(),
    });
    expect(upload.status).toBe(201);
    const fileId = ((await upload.json()) as { id: number }).id;
    const key = `key-${randomBytes(6).toString('hex')}`;
    const body = { message: 'Describe this [kill]', fileIds: [fileId] };
    const stream = await streamUntilFirstDelta(server, cookie, body, { 'idempotency-key': key });

    server.child.kill('SIGKILL');
    await server.exited;
    await stream.rest;
    server = await start();
    cookie = await signIn(server);
    try {
      // The question is kept, no half reply: the client shows the error bubble with its retry.
      expect(await messagesOf(server, cookie, stream.conversationId)).toEqual([
        ['user', 'Describe this [kill]', 'complete'],
      ]);
      const follow = await fetch(`${server.baseUrl}/api/chat/stream/${stream.conversationId}`, {
        headers: { cookie, accept: 'text/event-stream' },
      });
      expect(follow.status).toBe(204);

      // The client's own retry of the send (same key) learns that the reply failed: a 503,
      // not the 409 of a first request still running.
      const keyed = await fetch(`${server.baseUrl}/api/chat`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'idempotency-key': key,
          cookie,
        },
        body: JSON.stringify(body),
      });
      expect(keyed.status).toBe(503);
      expect(await keyed.json()).toMatchObject({ code: 'API_ERROR', statusCode: 503 });

      // Regenerate answers it; the attached file is still whole.
      fake.when('Describe this [kill]', { chunks: ['A plan.'] });
      const again = await postJson(
        server.baseUrl,
        '/api/chat/regenerate',
        { conversationId: stream.conversationId },
        cookie,
      );
      expect(again.status).toBe(200);
      expect(await messagesOf(server, cookie, stream.conversationId)).toEqual([
        ['user', 'Describe this [kill]', 'complete'],
        ['assistant', 'A plan.', 'complete'],
      ]);
      const content = await fetch(`${server.baseUrl}/api/files/${fileId}/content`, {
        headers: { cookie },
      });
      expect(content.status).toBe(200);
      expect(Buffer.from(await content.arrayBuffer()).equals(SAMPLE_FILES.png)).toBe(true);
      const partial = path.join(dataDir, 'files', 'partial');
      expect(existsSync(partial) ? readdirSync(partial) : []).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});

describe('the server stopped (SIGTERM) mid-reply', () => {
  it('lets a reply that ends in time finish, stops a longer one at the deadline and keeps its text', async () => {
    const short = Array.from({ length: 6 }, (_, i) => `s${i} `);
    const long = Array.from({ length: 60 }, (_, i) => `l${i} `);
    fake.when('[term-short]', { chunks: short, chunkDelayMs: 200 });
    fake.when('[term-long]', { chunks: long, chunkDelayMs: 250 });
    let server = await start();
    let cookie = await signIn(server);
    const quick = await streamUntilFirstDelta(server, cookie, { message: 'Quick [term-short]' });
    const slow = await streamUntilFirstDelta(server, cookie, { message: 'Slow [term-long]' });

    const stopping = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The replies' deadline is 5 s; the whole shutdown stays within the 10 s grace.
    expect(Date.now() - stopping).toBeLessThan(10_000);
    const [quickEvents, slowEvents] = await Promise.all([quick.rest, slow.rest]);
    expect(quickEvents).toMatch(/event: done\n[^\n]*"status":"complete"/);
    expect(slowEvents).toMatch(/event: done\n[^\n]*"status":"stopped"/);

    server = await start();
    cookie = await signIn(server);
    try {
      expect(await messagesOf(server, cookie, quick.conversationId)).toEqual([
        ['user', 'Quick [term-short]', 'complete'],
        ['assistant', short.join(''), 'complete'],
      ]);
      const [question, reply] = await messagesOf(server, cookie, slow.conversationId);
      expect(question).toEqual(['user', 'Slow [term-long]', 'complete']);
      expect(reply![2]).toBe('stopped');
      expect(reply![1]).toMatch(/^l0 l1 /);
      expect(long.join('').startsWith(reply![1] as string)).toBe(true);
      expect((reply![1] as string).length).toBeLessThan(long.join('').length);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
