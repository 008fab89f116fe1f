import { z } from 'zod';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import { nextIp } from '#tests/support/auth-helpers.ts';
import { createConversation, createSignedInUser, signIn } from '#tests/support/factories.ts';
import {
  operationsOf,
  requestFor,
  type FuzzRequest,
  type Operation,
} from '#tests/support/fuzz/contract-requests.ts';
import { changedTables, snapshotTables, tableNames } from '#tests/support/fuzz/table-snapshot.ts';
import { multipartUpload } from '#tests/support/multipart.ts';
import { SAMPLE_FILES } from '#tests/support/sample-files.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

// Issue 16, item 5: requests generated from the OpenAPI document for every route, as a guest, as
// the owner of some objects and as another user. Never a 5xx, never a crash, the error envelope
// on every 4xx, never the owner's canary in an answer to anyone else, and a refused request
// changes no table. Bounded for CI; FUZZ_RUNS, FUZZ_SEED and FUZZ_SECONDS run it longer
// (npm run bench -- fuzz-contract).

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 45);
const SEED = Number(process.env.FUZZ_SEED ?? 16_05);
const CANARY = 'CANARY-7f3a9c';
/** FUZZ_COLLECT=1: keep going after a problem and list them all at the end (one per kind). */
const COLLECT = process.env.FUZZ_COLLECT === '1';

/** Tables a refused request may write to on purpose, and why. */
const VOLATILE_TABLES = [
  // Sessions and every login attempt: a refused login is recorded on purpose (login history).
  'user_sessions',
];

type Actor = 'guest' | 'owner' | 'other';

let t: TestContext;
let dataDir: string;
let operations: Operation[];
let knownIds: string[];
let tables: string[];
const statuses: Record<number, number> = {};
/** The owner does get the canary back: proof the leak check looks at answers that could carry it. */
let canarySeenByOwner = 0;
const cookies: Partial<Record<Actor, string>> = {};
const users: Partial<Record<Actor, { id: number; username: string }>> = {};

async function seedOwner() {
  const paid = { subscriptionTier: 'ultimate', subscriptionExpiry: null };
  const owner = await createSignedInUser(t.db, { ...paid, displayName: `Owner ${CANARY}` });
  const other = await createSignedInUser(t.db, paid);
  users.owner = owner.user;
  users.other = other.user;
  cookies.owner = owner.cookie;
  cookies.other = other.cookie;
  const ids: string[] = [String(owner.user.id), String(other.user.id)];
  for (const [who, cookie] of [
    ['owner', owner.cookie],
    ['other', other.cookie],
  ] as const) {
    const mark = who === 'owner' ? CANARY : 'plain';
    const persona = await api(t.app, {
      method: 'POST',
      url: '/api/personas',
      cookie,
      payload: {
        name: `Persona ${mark}`,
        description: mark,
        systemPrompt: mark,
        icon: 'sparkles',
        color: '#8b5cf6',
      },
    });
    expect(persona.statusCode, persona.body).toBe(201);
    ids.push(String(persona.json<{ id: number }>().id));
    const file = await api(t.app, {
      method: 'POST',
      url: '/api/files',
      cookie,
      ...multipartUpload({
        name: `${mark}.png`,
        content: SAMPLE_FILES.png,
        contentType: 'image/png',
      }),
    });
    expect(file.statusCode, file.body).toBe(201);
    ids.push(String(file.json<{ id: number }>().id));
    const chat = await api(t.app, {
      method: 'POST',
      url: '/api/chat',
      cookie,
      payload: { message: `Question ${mark}` },
    });
    expect(chat.statusCode, chat.body).toBe(200);
    const { conversation, messages } = await createConversation(t.db, users[who]!.id, {
      title: `Title ${mark}`,
      messages: [`Asked ${mark}`, `Answered ${mark}`],
    });
    ids.push(
      conversation.conversationId,
      String(conversation.id),
      ...messages.map((m) => String(m.id)),
    );
    const reply = chat.json<{ conversationId?: string }>();
    if (reply.conversationId) ids.push(reply.conversationId);
  }
  return ids;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'orbit-fuzz-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  // Background jobs (titles, housekeeping) write on their own time; the fuzz checks requests.
  await t.app.jobs.stop();
  const document = (await api(t.app, { method: 'GET', url: '/api/openapi.json' })).json();
  operations = operationsOf(document);
  knownIds = await seedOwner();
  tables = await tableNames(t.db, VOLATILE_TABLES);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A response that ends the caller's session (logout): sign the caller in again. */
async function keepSignedIn(actor: Actor, setCookie: string | string[] | undefined) {
  const ended = [setCookie ?? []].flat().some((value) => /orbit_session=;/.test(value));
  if (ended && actor !== 'guest') cookies[actor] = await signIn(t.db, users[actor]!);
}

async function send(actor: Actor, request: FuzzRequest) {
  const cookie = cookies[actor];
  const before = await snapshotTables(t.db, tables);
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    remoteAddress: nextIp(),
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const after = await snapshotTables(t.db, tables);
  await keepSignedIn(actor, response.headers['set-cookie']);
  return { response, changed: changedTables(before, after) };
}

/** An error of the OpenAI-compatible API, as OpenAI's clients read it. */
const OpenAiErrorSchema = z.object({
  error: z.object({ message: z.string(), type: z.string(), code: z.string().nullable() }),
});

/** What is wrong with the answer to this request, if anything: 'kind :: the request'. */
async function problemOf(who: Actor, req: FuzzRequest): Promise<string | undefined> {
  const { response, changed } = await send(who, req);
  const what = describeRequest(who, req);
  const status = response.statusCode;
  statuses[status] = (statuses[status] ?? 0) + 1;
  const head = `${req.operation} → ${status}`;
  // Browsers take gzip, so most answers come compressed (decision 302): read what they read.
  const text = decodedBody(response);
  if (text === undefined) return `${head} (gzip that does not decode) :: ${what}`;
  if (status >= 500) return `${head} (5xx) :: ${what} ${text.slice(0, 300)}`;
  if (status >= 400 && req.method !== 'HEAD') {
    // The OpenAI-compatible API answers errors in OpenAI's shape (decision 131).
    const openAi = req.operation.split(' ')[1]?.startsWith('/api/v1/') ?? false;
    const body = safeJson(text);
    const answered = openAi
      ? OpenAiErrorSchema.safeParse(body).success
      : ErrorEnvelopeSchema.strict().safeParse(body).data?.statusCode === status;
    if (!answered) {
      return `${head} (not the envelope) :: ${what} ${text.slice(0, 300)}`;
    }
  }
  if (who === 'owner' && text.includes(CANARY)) canarySeenByOwner++;
  if (who !== 'owner' && text.includes(CANARY)) {
    return `${head} (leaks the owner's data to ${who}) :: ${what} ${text.slice(0, 300)}`;
  }
  if (status >= 400 && changed.length > 0) {
    return `${head} (refused but changed ${changed.join(', ')}) :: ${what}`;
  }
  return undefined;
}

function describeRequest(actor: Actor, request: FuzzRequest) {
  const payload =
    request.payload === undefined
      ? ''
      : String(request.payload).slice(0, 300).replace(/\0/g, '\\0');
  return `${actor} ${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)} ${payload}`;
}

describe('requests generated from the OpenAPI document', () => {
  it('walks every documented operation', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((op) => `${op.method} ${op.template}`)).toEqual(
      expect.arrayContaining(['POST /api/chat', 'PATCH /api/personas/{id}', 'POST /api/files']),
    );
  });

  it(
    'never answer 5xx, always the envelope, never the owner’s data to others, change nothing when refused',
    async () => {
      const actor = fc.constantFrom<Actor>('guest', 'other', 'other', 'owner');
      // Every operation gets its share of the runs, whatever the order of the document.
      const request = fc.constantFrom(...operations).chain((op) => requestFor(op, knownIds));
      const seen = new Set<string>();
      const problems = new Set<string>();
      await fc.assert(
        fc.asyncProperty(actor, request, async (who, req) => {
          seen.add(req.operation);
          const problem = await problemOf(who, req);
          if (problem && COLLECT) problems.add(problem.split(' :: ')[0]!);
          else if (problem) expect.fail(problem);
        }),
        {
          numRuns: RUNS,
          seed: SEED,
          interruptAfterTimeLimit: SECONDS * 1000,
          endOnFailure: true,
          verbose: 1,
        },
      );
      // The server is still up and answering.
      expect((await api(t.app, { method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      console.log(
        `fuzz: ${seen.size}/${operations.length} operations, seed ${SEED}, answers ${JSON.stringify(statuses)}`,
      );
      expect([...problems]).toEqual([]);
      expect(canarySeenByOwner).toBeGreaterThan(0);
    },
    (SECONDS + 60) * 1000,
  );
});

/** The answer's text as a client reads it; undefined when a gzipped body does not decode. */
function decodedBody(response: { headers: Record<string, unknown>; rawPayload: Buffer }) {
  if (response.headers['content-encoding'] !== 'gzip') return response.rawPayload.toString('utf8');
  try {
    return gunzipSync(response.rawPayload).toString('utf8');
  } catch {
    return undefined;
  }
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
