/**
 * What the chat server adds to a streamed reply (issue #3 §9): the latency to the first token and
 * the CPU per forwarded chunk, against a direct call to the same fake provider in the same run,
 * at 1 and 200 concurrent streams, on embedded PGlite and on PostgreSQL. The provider and the
 * server run in processes of their own; this process is the client of both.
 *
 *   npm run bench -- chat-stream
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { forwardingCostMicros } from './support/forwarding-cost.ts';
import { percentile, printTable } from './support/stats.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SEQUENTIAL = Number(process.env.BENCH_ITERATIONS ?? 100);
const CONCURRENT = 200;
const BATCHES = 3;
const CPU_REQUESTS = 50;
const CHUNKS = { short: 20, long: 220 };

interface Child<T> {
  process: ChildProcess;
  info: T;
  ask<R>(message: string): Promise<R>;
}

/** BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there (node --cpu-prof). */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

async function spawn<T>(script: string, args: string[], profile = false): Promise<Child<T>> {
  const execArgv = ['--import', 'tsx'];
  if (profile && PROFILE_DIR) execArgv.push('--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`);
  const child = fork(path.join(here, 'support', script), args, { execArgv });
  const info = await new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    process: child,
    info,
    ask: <R>(message: string) =>
      new Promise<R>((resolve) => {
        child.once('message', (reply) => resolve(reply as R));
        child.send(message);
      }),
  };
}

async function close(child: Child<unknown>) {
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.send('close');
  await exited;
}

/** Reads a streamed body to its end; returns when the first token arrived (ms after start). */
async function timeToFirstToken(
  response: Response,
  started: number,
  isToken: (text: string) => boolean,
) {
  let first = Number.NaN;
  let text = '';
  const decoder = new TextDecoder();
  for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(first)) {
      text += decoder.decode(piece, { stream: true });
      if (isToken(text)) first = performance.now() - started;
    }
  }
  return first;
}

const SYSTEM = 'Du bist Persona42, ein freundlicher Assistent.';

async function direct(fakeUrl: string, marker: string) {
  const started = performance.now();
  const response = await fetch(`${fakeUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
    body: JSON.stringify({
      model: 'gpt-4o',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: `Hallo ${marker}` },
      ],
    }),
  });
  return timeToFirstToken(response, started, (text) => /"content":"[^"]/.test(text));
}

interface ServerInfo {
  url: string;
  cookie: string;
  conversationIds: string[];
}

async function viaServer(server: ServerInfo, slot: number, marker: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/chat`, {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie: server.cookie,
    },
    body: JSON.stringify({
      message: `Hallo ${marker}`,
      conversationId: server.conversationIds[slot],
    }),
  });
  if (response.status !== 200)
    throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  return timeToFirstToken(response, started, (text) => text.includes('event: delta'));
}

/** Runs `count` calls with at most `width` at a time. */
async function pool(
  count: number,
  width: number,
  call: (index: number, lane: number) => Promise<number>,
) {
  const results: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async (_, lane) => {
      while (next < count) results.push(await call(next++, lane));
    }),
  );
  return results;
}

const ms = (value: number) => value.toFixed(2);

async function measure(label: string, fakeUrl: string, databaseUrl: string) {
  const server = await spawn<ServerInfo>(
    'chat-server-process.ts',
    [fakeUrl, databaseUrl, String(CONCURRENT)],
    true,
  );
  const info = server.info;
  try {
    await pool(40, 4, (index, lane) => viaServer(info, lane, `[ttft] warm ${index}`));
    await pool(40, 4, () => direct(fakeUrl, '[ttft]'));

    const latency: string[][] = [];
    const sequentialDirect: number[] = [];
    const sequentialVia: number[] = [];
    for (let index = 0; index < SEQUENTIAL; index++) {
      sequentialDirect.push(await direct(fakeUrl, '[ttft]'));
      sequentialVia.push(await viaServer(info, 0, '[ttft]'));
    }
    const concurrentDirect: number[] = [];
    const concurrentVia: number[] = [];
    for (let batch = 0; batch < BATCHES; batch++) {
      concurrentDirect.push(
        ...(await pool(CONCURRENT, CONCURRENT, () => direct(fakeUrl, '[ttft]'))),
      );
      concurrentVia.push(
        ...(await pool(CONCURRENT, CONCURRENT, (_, lane) => viaServer(info, lane, '[ttft]'))),
      );
    }
    for (const [streams, directTimes, viaTimes] of [
      [1, sequentialDirect, sequentialVia],
      [CONCURRENT, concurrentDirect, concurrentVia],
    ] as const) {
      const [d50, d99, v50, v99] = [
        percentile(directTimes, 50),
        percentile(directTimes, 99),
        percentile(viaTimes, 50),
        percentile(viaTimes, 99),
      ];
      latency.push([
        label,
        String(streams),
        `${ms(d50)} / ${ms(d99)}`,
        `${ms(v50)} / ${ms(v99)}`,
        `${ms(v50 - d50)} / ${ms(v99 - d99)}`,
      ]);
    }

    // CPU per forwarded chunk: the server's CPU for long replies minus short ones, per extra chunk.
    const cpu = async () => (await server.ask<{ cpuMicros: number }>('cpu')).cpuMicros;
    const c0 = await cpu();
    await pool(CPU_REQUESTS, 10, (_, lane) => viaServer(info, lane, '[short]'));
    const c1 = await cpu();
    await pool(CPU_REQUESTS, 10, (_, lane) => viaServer(info, lane, '[long]'));
    const c2 = await cpu();
    const extraChunks = CPU_REQUESTS * (CHUNKS.long - CHUNKS.short);
    const serverPerChunk = (c2 - c1 - (c1 - c0)) / extraChunks;
    const perRequest = (c1 - c0) / CPU_REQUESTS - CHUNKS.short * serverPerChunk;

    // Baseline: what a client reading the provider directly spends per chunk, same method.
    const d0 = process.cpuUsage();
    await pool(CPU_REQUESTS, 10, () => direct(fakeUrl, '[short]'));
    const d1 = process.cpuUsage();
    await pool(CPU_REQUESTS, 10, () => direct(fakeUrl, '[long]'));
    const d2 = process.cpuUsage();
    const total = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
    const directPerChunk = (total(d2) - total(d1) - (total(d1) - total(d0))) / extraChunks;
    const cpuRow = [
      label,
      serverPerChunk.toFixed(1),
      directPerChunk.toFixed(1),
      // What forwarding costs beyond reading the provider's stream, which any client must do.
      (serverPerChunk - directPerChunk).toFixed(1),
      (perRequest / 1000).toFixed(2),
    ];
    return { latency, cpuRow };
  } finally {
    await close(server);
  }
}

const ownCost = [await forwardingCostMicros(), await forwardingCostMicros()];
const fake = await spawn<{ url: string }>('fake-upstream-process.ts', []);
const latencyRows: string[][] = [];
const cpuRows: string[][] = [];
try {
  const pglite = await measure('PGlite', fake.info.url, '');
  latencyRows.push(...pglite.latency);
  cpuRows.push(pglite.cpuRow);

  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `orbit_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(baseUrl);
    url.pathname = `/${dbName}`;
    const postgres = await measure('PostgreSQL', fake.info.url, url.toString());
    latencyRows.push(...postgres.latency);
    cpuRows.push(postgres.cpuRow);
    await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  } catch (error) {
    console.warn(`PostgreSQL run skipped: ${(error as Error).message}`);
  } finally {
    await admin.end().catch(() => {});
  }
} finally {
  await close(fake);
}

printTable(
  `Time to first token, ms (p50 / p99); ${SEQUENTIAL} sequential requests, ${BATCHES}×${CONCURRENT} concurrent`,
  ['database', 'streams', 'direct to provider', 'through Orbit', 'added by Orbit'],
  latencyRows,
);
printTable(
  `CPU (${CPU_REQUESTS} replies of ${CHUNKS.long} vs ${CHUNKS.short} chunks, per extra chunk)`,
  [
    'database',
    'server µs per forwarded chunk',
    'direct client µs per chunk',
    'added by Orbit µs per chunk',
    'server ms per request (rest)',
  ],
  cpuRows,
);
printTable(
  "Orbit's own work per forwarded chunk, no I/O (publish + SSE text, batched), two runs",
  ['µs per chunk'],
  ownCost.map((micros) => [micros.toFixed(2)]),
);
