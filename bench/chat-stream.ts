/**
 * What the chat server adds to a streamed reply (issue #3 §9): the latency to the first token and
 * the CPU per forwarded chunk, against a direct call to the same fake provider in the same run,
 * at 1 and 200 concurrent streams, on embedded PGlite and on PostgreSQL. The provider, the server
 * and a bare forwarder run in processes of their own; this process is the client of all of them,
 * with the same HTTP stack (fetch) for every path.
 *
 * Five servers are measured the same way, each with its own direct baseline:
 * - a bare forwarder (support/bare-forwarder-process.ts): node:http passing the provider's bytes
 *   through, no parsing, database or session. The floor: what any extra HTTP hop costs here, so
 *   that Orbit minus the floor is Orbit's own share;
 * - the same forwarder storing each request in PGlite before calling the provider (one insert,
 *   PGlite on its main thread), and the same with PostgreSQL: the store-first floors, the least
 *   any server can add that stores the user message before the model is called, as issue #3
 *   requires;
 * - Orbit on PGlite and on PostgreSQL (support/chat-server-process.ts).
 *
 * Last, a head-to-head phase times the 1-stream case with all of them up at once, requests
 * rotating among them (see headToHead): the figures to compare servers by.
 *
 * Latency: time from sending a request to its first token (Orbit: first SSE `delta` event; the
 * provider and the forwarder: first non-empty `content`), direct and through the server; "added"
 * is through minus direct at the same percentile, "beyond the floor" Orbit's added minus the
 * forwarder's. Three loads:
 * - 1: BENCH_ITERATIONS requests one after another (direct and through alternating);
 * - 200 started at once: 3 bursts of 200 requests sent in the same instant (the last waits for
 *   the CPU of the 199 before it);
 * - 200 open streams: 200 replies streaming at a model's pace (20 ms a chunk) are started and all
 *   have their first token; then BENCH_ITERATIONS new requests are timed one after another while
 *   they stream (Orbit: on a conversation of their own), and the 200 are stopped (Orbit: POST
 *   /api/chat/stop; otherwise the client aborts) and read to their end. Direct, then through.
 *
 * CPU: the server's CPU for 50 replies of 220 chunks minus 50 replies of 20 chunks, divided by the
 * 10,000 extra chunks, so per-request work cancels out; "rest" is what remains per request. The
 * headline is the server's main thread (support/thread-cpu.ts: Linux's per-thread counters), so
 * that both databases compare the same thing: PGlite runs on a worker thread inside the server
 * process, PostgreSQL in processes of its own. The whole process (incl. PGlite's thread) is
 * beside it. The direct client is measured the same way in this process (the provider's CPU is
 * in no figure); "added" is the server's main thread minus the direct client. Orbit's own code
 * per chunk is also measured without I/O (support/forwarding-cost.ts).
 *
 *   npm run bench -- chat-stream
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forwardingCostMicros } from './support/forwarding-cost.ts';
import { withScratchPostgres } from './support/scratch-postgres.ts';
import { percentile, printTable } from './support/stats.ts';
import type { CpuTimes } from './support/thread-cpu.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SEQUENTIAL = Number(process.env.BENCH_ITERATIONS ?? 100);
const CONCURRENT = 200;
const BATCHES = 3;
const CPU_REQUESTS = 50;
const CHUNKS = { short: 20, long: 220 };
/** Stops of the open streams sent at a time (each waits for the partial reply to be stored). */
const STOP_WIDTH = 20;

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

/** One way to ask for a streamed reply: direct, through the forwarder or through Orbit. */
interface Path {
  /** `slot`: which conversation (Orbit); a conversation has one reply in progress at a time. */
  send(slot: number, marker: string, signal?: AbortSignal): Promise<Response>;
  /** Whether the text received so far holds the first token. */
  isToken(text: string): boolean;
  /** Ends the reply in progress in `slot` early; without it, the client aborts. */
  stop?(slot: number): Promise<void>;
}

/** Reads a streamed body to its end; returns when the first token arrived (ms after sending). */
async function timeToFirstToken(route: Path, slot: number, marker: string) {
  const started = performance.now();
  const response = await route.send(slot, marker);
  let first = Number.NaN;
  let text = '';
  const decoder = new TextDecoder();
  for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(first)) {
      text += decoder.decode(piece, { stream: true });
      if (route.isToken(text)) first = performance.now() - started;
    }
  }
  return first;
}

interface OpenStream {
  /** Resolves at the first token (or when the stream ended without one). */
  firstToken: Promise<void>;
  /** Resolves when the body has been read to its end or aborted; with the error if it failed. */
  ended: Promise<Error | undefined>;
  finished: boolean;
  abort(): void;
}

/** A reply kept streaming while others are timed; its body is read as it comes (no backpressure). */
function openStream(route: Path, slot: number, marker: string): OpenStream {
  const aborter = new AbortController();
  let tokenArrived!: () => void;
  const stream: OpenStream = {
    firstToken: new Promise<void>((resolve) => (tokenArrived = resolve)),
    ended: Promise.resolve(undefined),
    finished: false,
    abort: () => aborter.abort(),
  };
  stream.ended = (async () => {
    try {
      const response = await route.send(slot, marker, aborter.signal);
      let text = '';
      let seen = false;
      const decoder = new TextDecoder();
      for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (!seen) {
          text += decoder.decode(piece, { stream: true });
          seen = route.isToken(text);
          if (seen) tokenArrived();
        }
      }
      return undefined;
    } catch (error) {
      return aborter.signal.aborted ? undefined : (error as Error);
    } finally {
      stream.finished = true;
      tokenArrived();
    }
  })();
  return stream;
}

/**
 * `SEQUENTIAL` first-token times of new requests (in slot CONCURRENT) while CONCURRENT long
 * replies stream at a model's pace in slots 0…CONCURRENT-1; then those are ended.
 */
async function whileStreaming(route: Path) {
  const open = Array.from({ length: CONCURRENT }, (_, slot) => openStream(route, slot, '[steady]'));
  await Promise.all(open.map((stream) => stream.firstToken));
  const times: number[] = [];
  const endedEarly = () => open.filter((stream) => stream.finished).length;
  if (endedEarly() === 0) {
    for (let index = 0; index < SEQUENTIAL; index++) {
      times.push(await timeToFirstToken(route, CONCURRENT, '[ttft]'));
    }
  }
  const early = endedEarly();
  if (route.stop) await pool(CONCURRENT, STOP_WIDTH, (slot) => route.stop!(slot).then(() => 0));
  else for (const stream of open) stream.abort();
  const errors = (await Promise.all(open.map((stream) => stream.ended))).filter(Boolean);
  if (errors.length > 0) throw errors[0]!;
  if (early > 0) throw new Error(`${early} of ${CONCURRENT} open streams ended while timing`);
  return times;
}

const SYSTEM = 'Du bist Persona42, ein freundlicher Assistent.';

/** The provider's Chat Completions API at `baseUrl`: the fake itself, or the forwarder. */
function chatCompletions(baseUrl: string): Path {
  return {
    async send(_slot, marker, signal) {
      const response = await fetch(`${baseUrl}/v1/chat/completions`, {
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
        signal,
      });
      if (response.status !== 200)
        throw new Error(`${baseUrl} answered ${response.status}: ${await response.text()}`);
      return response;
    },
    isToken: (text) => /"content":"[^"]/.test(text),
  };
}

interface ServerInfo {
  url: string;
  cookie: string;
  conversationIds: string[];
}

function orbit(server: ServerInfo): Path {
  const post = (route: string, body: object, signal?: AbortSignal) =>
    fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        cookie: server.cookie,
      },
      body: JSON.stringify(body),
      signal,
    });
  return {
    async send(slot, marker, signal) {
      const body = { message: `Hallo ${marker}`, conversationId: server.conversationIds[slot] };
      const response = await post('/api/chat', body, signal);
      if (response.status !== 200)
        throw new Error(`chat answered ${response.status}: ${await response.text()}`);
      return response;
    },
    isToken: (text) => text.includes('event: delta'),
    async stop(slot) {
      const response = await post('/api/chat/stop', {
        conversationId: server.conversationIds[slot],
      });
      if (response.status !== 200) throw new Error(`stop answered ${response.status}`);
      await response.arrayBuffer();
    },
  };
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

const FLOOR = 'bare forwarder (floor)';
const STORE_FLOOR = 'bare forwarder + 1 PGlite insert';
const STORE_FLOOR_PG = 'bare forwarder + 1 PostgreSQL insert';
const ORBIT_PGLITE = 'Orbit, PGlite';
const ORBIT_POSTGRES = 'Orbit, PostgreSQL';
/** Timed rounds of the head-to-head phase (each: one request on every path). */
const HEAD_TO_HEAD_ROUNDS = Number(process.env.BENCH_HEAD_TO_HEAD_ROUNDS ?? 200);
const LOADS = ['1', `${CONCURRENT} started at once`, `${CONCURRENT} open streams`] as const;

interface Latency {
  load: (typeof LOADS)[number];
  direct: number[];
  through: number[];
}

interface Cpu {
  /** µs per extra chunk and ms per request (rest), main thread and whole process. */
  mainPerChunk: number;
  processPerChunk: number;
  mainPerRequest: number;
  processPerRequest: number;
  directPerChunk: number;
  /** Where the server's main-thread figure comes from (support/thread-cpu.ts). */
  source: string;
}

interface Measured {
  label: string;
  latency: Latency[];
  cpu: Cpu;
}

/** Measures one server (Orbit or the forwarder) against direct calls, in the same run. */
async function measure(
  label: string,
  server: Child<unknown>,
  route: Path,
  fakeUrl: string,
): Promise<Measured> {
  const direct = chatCompletions(fakeUrl);
  await pool(40, 4, (index, lane) => timeToFirstToken(route, lane, `[ttft] warm ${index}`));
  await pool(40, 4, () => timeToFirstToken(direct, 0, '[ttft]'));

  const sequential: Latency = { load: LOADS[0], direct: [], through: [] };
  for (let index = 0; index < SEQUENTIAL; index++) {
    sequential.direct.push(await timeToFirstToken(direct, 0, '[ttft]'));
    sequential.through.push(await timeToFirstToken(route, 0, '[ttft]'));
  }
  const burst: Latency = { load: LOADS[1], direct: [], through: [] };
  for (let batch = 0; batch < BATCHES; batch++) {
    burst.direct.push(
      ...(await pool(CONCURRENT, CONCURRENT, () => timeToFirstToken(direct, 0, '[ttft]'))),
    );
    burst.through.push(
      ...(await pool(CONCURRENT, CONCURRENT, (_, lane) => timeToFirstToken(route, lane, '[ttft]'))),
    );
  }
  const open: Latency = {
    load: LOADS[2],
    direct: await whileStreaming(direct),
    through: await whileStreaming(route),
  };

  // CPU per forwarded chunk: the server's CPU for long replies minus short ones, per extra chunk.
  const cpu = () => server.ask<CpuTimes & { source: string }>('cpu');
  const c0 = await cpu();
  await pool(CPU_REQUESTS, 10, (_, lane) => timeToFirstToken(route, lane, '[short]'));
  const c1 = await cpu();
  await pool(CPU_REQUESTS, 10, (_, lane) => timeToFirstToken(route, lane, '[long]'));
  const c2 = await cpu();
  const extraChunks = CPU_REQUESTS * (CHUNKS.long - CHUNKS.short);
  const perChunkAndRequest = (key: 'mainThreadMicros' | 'processMicros') => {
    const perChunk = (c2[key] - c1[key] - (c1[key] - c0[key])) / extraChunks;
    const rest = (c1[key] - c0[key]) / CPU_REQUESTS - CHUNKS.short * perChunk;
    return [perChunk, rest / 1000] as const;
  };
  const [mainPerChunk, mainPerRequest] = perChunkAndRequest('mainThreadMicros');
  const [processPerChunk, processPerRequest] = perChunkAndRequest('processMicros');

  // Baseline: what a client reading the provider directly spends per chunk, same method.
  const d0 = process.cpuUsage();
  await pool(CPU_REQUESTS, 10, () => timeToFirstToken(direct, 0, '[short]'));
  const d1 = process.cpuUsage();
  await pool(CPU_REQUESTS, 10, () => timeToFirstToken(direct, 0, '[long]'));
  const d2 = process.cpuUsage();
  const total = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
  const directPerChunk = (total(d2) - total(d1) - (total(d1) - total(d0))) / extraChunks;
  return {
    label,
    latency: [sequential, burst, open],
    cpu: {
      mainPerChunk,
      processPerChunk,
      mainPerRequest,
      processPerRequest,
      directPerChunk,
      source: c0.source,
    },
  };
}

async function measureOrbit(label: string, fakeUrl: string, databaseUrl: string) {
  // One conversation per open stream, plus one for the requests timed while they stream.
  const server = await spawn<ServerInfo>(
    'chat-server-process.ts',
    [fakeUrl, databaseUrl, String(CONCURRENT + 1)],
    true,
  );
  try {
    return await measure(label, server, orbit(server.info), fakeUrl);
  } finally {
    await close(server);
  }
}

/** Where the store-first floor stores: nowhere (the bare floor), PGlite, or PostgreSQL at a URL. */
type Store = undefined | 'pglite' | { databaseUrl: string };
const floorLabel = (store: Store) =>
  store === undefined ? FLOOR : store === 'pglite' ? STORE_FLOOR : STORE_FLOOR_PG;

function spawnForwarder(fakeUrl: string, store: Store) {
  const args =
    store === undefined
      ? [fakeUrl]
      : store === 'pglite'
        ? [fakeUrl, 'pglite']
        : [fakeUrl, 'postgres', store.databaseUrl];
  return spawn<{ url: string }>('bare-forwarder-process.ts', args);
}

/** The bare forwarder; with `store`, a store-first floor (support/bare-forwarder-process.ts). */
async function measureFloor(fakeUrl: string, store?: Store) {
  const forwarder = await spawnForwarder(fakeUrl, store);
  try {
    return await measure(
      floorLabel(store),
      forwarder,
      chatCompletions(forwarder.info.url),
      fakeUrl,
    );
  } finally {
    await close(forwarder);
  }
}

/**
 * 1 stream, head to head: every server is up at once and the requests rotate among them and the
 * direct call, in a new random order each round. The phases above run one server after another,
 * so a machine that changes speed during the run (this one does, see docs/PERFORMANCE.md) moves
 * their "beyond the floor" figures; here it moves every figure alike.
 */
async function headToHead(fakeUrl: string, postgresUrls: [string, string] | undefined) {
  const servers: { label: string; child: Child<unknown>; route: Path }[] = [];
  const addForwarder = async (store: Store) => {
    const child = await spawnForwarder(fakeUrl, store);
    servers.push({ label: floorLabel(store), child, route: chatCompletions(child.info.url) });
  };
  const addOrbit = async (label: string, databaseUrl: string) => {
    const child = await spawn<ServerInfo>('chat-server-process.ts', [fakeUrl, databaseUrl, '1']);
    servers.push({ label, child, route: orbit(child.info) });
  };
  try {
    await addForwarder(undefined);
    await addForwarder('pglite');
    await addOrbit(ORBIT_PGLITE, '');
    if (postgresUrls) {
      await addForwarder({ databaseUrl: postgresUrls[0] });
      await addOrbit(ORBIT_POSTGRES, postgresUrls[1]);
    }
    const paths = [{ label: 'direct', route: chatCompletions(fakeUrl) }, ...servers];
    const times = new Map(paths.map(({ label }) => [label, [] as number[]]));
    for (let round = 0; round < 20 + HEAD_TO_HEAD_ROUNDS; round++) {
      for (const { label, route } of shuffled(paths)) {
        const time = await timeToFirstToken(route, 0, '[ttft]');
        if (round >= 20) times.get(label)!.push(time);
      }
    }
    return times;
  } finally {
    await Promise.all(servers.map(({ child }) => close(child)));
  }
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

const ownCost = [await forwardingCostMicros(), await forwardingCostMicros()];
const fake = await spawn<{ url: string }>('fake-upstream-process.ts', []);
const results: Measured[] = [];
let versus = new Map<string, number[]>();
try {
  results.push(await measureFloor(fake.info.url));
  results.push(await measureFloor(fake.info.url, 'pglite'));
  results.push(await measureOrbit(ORBIT_PGLITE, fake.info.url, ''));

  let reachable = false;
  await withScratchPostgres(async (floorUrl) => {
    await withScratchPostgres(async (orbitUrl) => {
      reachable = true;
      results.push(await measureFloor(fake.info.url, { databaseUrl: floorUrl }));
      results.push(await measureOrbit(ORBIT_POSTGRES, fake.info.url, orbitUrl));
    });
  });
  if (reachable) {
    await withScratchPostgres(async (floorUrl) => {
      await withScratchPostgres(async (orbitUrl) => {
        versus = await headToHead(fake.info.url, [floorUrl, orbitUrl]);
      });
    });
  } else {
    versus = await headToHead(fake.info.url, undefined);
  }
} finally {
  await close(fake);
}

const ms = (value: number) => value.toFixed(2);
const pair = (p50: number, p99: number) => `${ms(p50)} / ${ms(p99)}`;
const p = (values: number[]) => [percentile(values, 50), percentile(values, 99)] as const;
const added = (latency: Latency) => {
  const [d50, d99] = p(latency.direct);
  const [t50, t99] = p(latency.through);
  return [t50 - d50, t99 - d99] as const;
};
const floor = results.find((result) => result.label === FLOOR)!;

const latencyRows = results.flatMap((result) =>
  result.latency.map((latency, index) => {
    const [a50, a99] = added(latency);
    const [f50, f99] = added(floor.latency[index]!);
    return [
      result.label,
      latency.load,
      pair(...p(latency.direct)),
      pair(...p(latency.through)),
      pair(a50, a99),
      result === floor ? '—' : pair(a50 - f50, a99 - f99),
    ];
  }),
);
printTable(
  `Time to first token, ms (p50 / p99); ${SEQUENTIAL} sequential requests, ${BATCHES}×${CONCURRENT} ` +
    `started at once, ${SEQUENTIAL} sequential while ${CONCURRENT} others stream (20 ms a chunk)`,
  ['server', 'streams', 'direct to provider', 'through the server', 'added', 'beyond the floor'],
  latencyRows,
);

/** Each Orbit row against the store-first floor of its own database. */
const STORE_FLOOR_OF: Record<string, string> = {
  [ORBIT_PGLITE]: STORE_FLOOR,
  [ORBIT_POSTGRES]: STORE_FLOOR_PG,
};
const directTimes = versus.get('direct') ?? [];
const versusAdded = (label: string) => {
  const [d50, d99] = p(directTimes);
  const [t50, t99] = p(versus.get(label)!);
  return [t50 - d50, t99 - d99] as const;
};
printTable(
  `Head to head, 1 stream: ${HEAD_TO_HEAD_ROUNDS} rounds, each one request on every path in random ` +
    'order, all servers up at once; added ms (p50 / p99)',
  ['server', 'through the server', 'added', 'beyond the floor', 'beyond the store-first floor'],
  [...versus.keys()]
    .filter((label) => label !== 'direct')
    .map((label) => {
      const [a50, a99] = versusAdded(label);
      const [f50, f99] = versusAdded(FLOOR);
      const storeFloor = STORE_FLOOR_OF[label];
      const beyondStore = storeFloor ? versusAdded(storeFloor) : undefined;
      return [
        label,
        pair(...p(versus.get(label)!)),
        pair(a50, a99),
        label === FLOOR ? '—' : pair(a50 - f50, a99 - f99),
        beyondStore ? pair(a50 - beyondStore[0], a99 - beyondStore[1]) : '—',
      ];
    }),
);
if (directTimes.length > 0) console.log(`direct to provider: ${pair(...p(directTimes))}`);

const sources = [...new Set(results.map(({ cpu }) => cpu.source))].join(', ');
const cpuRows = results.map(({ label, cpu }) => [
  label,
  cpu.mainPerChunk.toFixed(1),
  cpu.processPerChunk.toFixed(1),
  cpu.directPerChunk.toFixed(1),
  // What forwarding costs beyond reading the provider's stream, which any client must do.
  (cpu.mainPerChunk - cpu.directPerChunk).toFixed(1),
  label === FLOOR ? '—' : (cpu.mainPerChunk - floor.cpu.mainPerChunk).toFixed(1),
  cpu.mainPerRequest.toFixed(2),
  cpu.processPerRequest.toFixed(2),
]);
printTable(
  `CPU (${CPU_REQUESTS} replies of ${CHUNKS.long} vs ${CHUNKS.short} chunks, per extra chunk; ` +
    `server main thread from ${sources})`,
  [
    'server',
    'server µs per forwarded chunk (main thread)',
    "whole process (incl. PGlite's thread)",
    'direct client µs per chunk',
    'added µs per chunk',
    'beyond the floor',
    'server ms per request (rest, main thread)',
    'whole process',
  ],
  cpuRows,
);
printTable(
  "Orbit's own work per forwarded chunk, no I/O (publish + SSE text, batched), two runs",
  ['µs per chunk'],
  ownCost.map((micros) => [micros.toFixed(2)]),
);
