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
 * rotating among them (see headToHead): the figures to compare servers by. It adds the history
 * floors: the store-first floors whose one statement also reads the conversation's newest 50
 * messages, which the forwarder sends before the new one (spec 01-core §9's history window, at
 * the benchmark administrator's Ultimate size); Orbit beyond them is reported, with no target.
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
 * figures are the median of five such rounds, each followed by the direct client's. The
 * headline is the server's main thread (support/thread-cpu.ts: Linux's per-thread counters), so
 * that both databases compare the same thing: PGlite runs on a worker thread inside the server
 * process, PostgreSQL in processes of its own. The whole process (incl. PGlite's thread) is
 * beside it. The direct client is measured the same way in this process (the provider's CPU is
 * in no figure); "added" is the server's main thread minus the direct client. Orbit's own code
 * per chunk is also measured without I/O (support/forwarding-cost.ts).
 *
 *   npm run bench -- chat-stream
 */
import { closeChild, spawnChild, type Child } from './support/child-process.ts';
import {
  ORBIT_PGLITE,
  ORBIT_POSTGRES,
  printReport,
  type Cpu,
  type Latency,
  type Measured,
} from './support/chat-stream-report.ts';
import {
  floorLabel,
  spawnForwarder,
  spawnOrbit,
  type Store,
} from './support/chat-stream-servers.ts';
import { forwardingCostMicros } from './support/forwarding-cost.ts';
import { withScratchPostgres } from './support/scratch-postgres.ts';
import { percentile } from './support/stats.ts';
import {
  chatCompletions,
  openStream,
  orbit,
  pool,
  timeToFirstToken,
  type Path,
} from './support/stream-paths.ts';
import type { CpuTimes } from './support/thread-cpu.ts';

const SEQUENTIAL = Number(process.env.BENCH_ITERATIONS ?? 100);
const CONCURRENT = 200;
const BATCHES = 3;
const CPU_REQUESTS = 50;
/** Rounds of the CPU measurement; the report shows their median (see cpuRound). */
const CPU_ROUNDS = 5;
const CHUNKS = { short: 20, long: 220 };
/** Stops of the open streams sent at a time (each waits for the partial reply to be stored). */
const STOP_WIDTH = 20;
/** Timed rounds of the head-to-head phase (each: one request on every path). */
const HEAD_TO_HEAD_ROUNDS = Number(process.env.BENCH_HEAD_TO_HEAD_ROUNDS ?? 200);
const LOADS = ['1', `${CONCURRENT} started at once`, `${CONCURRENT} open streams`] as const;

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

/**
 * One round of the CPU measurement: the server's CPU for long replies minus short ones, per extra
 * chunk, and right after it the same for a client reading the provider directly. A round's
 * figures move with what else the machine does at that moment; measure takes the median of
 * CPU_ROUNDS rounds, so one busy moment cannot turn the verdict.
 */
async function cpuRound(server: Child<unknown>, route: Path, direct: Path): Promise<Cpu> {
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

  const d0 = process.cpuUsage();
  await pool(CPU_REQUESTS, 10, () => timeToFirstToken(direct, 0, '[short]'));
  const d1 = process.cpuUsage();
  await pool(CPU_REQUESTS, 10, () => timeToFirstToken(direct, 0, '[long]'));
  const d2 = process.cpuUsage();
  const total = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
  const directPerChunk = (total(d2) - total(d1) - (total(d1) - total(d0))) / extraChunks;
  const figures = { mainPerChunk, processPerChunk, mainPerRequest, processPerRequest };
  return { ...figures, directPerChunk, source: c0.source };
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

  const rounds: Cpu[] = [];
  for (let round = 0; round < CPU_ROUNDS; round++)
    rounds.push(await cpuRound(server, route, direct));
  const median = (key: Exclude<keyof Cpu, 'source'>) =>
    percentile(
      rounds.map((r) => r[key]),
      50,
    );
  return {
    label,
    latency: [sequential, burst, open],
    cpu: {
      mainPerChunk: median('mainPerChunk'),
      processPerChunk: median('processPerChunk'),
      mainPerRequest: median('mainPerRequest'),
      processPerRequest: median('processPerRequest'),
      directPerChunk: median('directPerChunk'),
      source: rounds[0]!.source,
    },
  };
}

async function measureOrbit(label: string, fakeUrl: string, databaseUrl: string) {
  // One conversation per open stream, plus one for the requests timed while they stream.
  const server = await spawnOrbit(fakeUrl, databaseUrl, CONCURRENT + 1, true);
  try {
    return await measure(label, server, orbit(server.info), fakeUrl);
  } finally {
    await closeChild(server);
  }
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
    await closeChild(forwarder);
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
  const addForwarder = async (store: Store, history = false) => {
    const child = await spawnForwarder(fakeUrl, store, history);
    servers.push({
      label: floorLabel(store, history),
      child,
      route: chatCompletions(child.info.url),
    });
  };
  const addOrbit = async (label: string, databaseUrl: string) => {
    const child = await spawnOrbit(fakeUrl, databaseUrl, 1);
    servers.push({ label, child, route: orbit(child.info) });
  };
  try {
    await addForwarder(undefined);
    await addForwarder('pglite');
    await addForwarder('pglite', true);
    await addOrbit(ORBIT_PGLITE, '');
    if (postgresUrls) {
      await addForwarder({ databaseUrl: postgresUrls[0] });
      await addForwarder({ databaseUrl: postgresUrls[0] }, true);
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
    await Promise.all(servers.map(({ child }) => closeChild(child)));
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
const fake = await spawnChild<{ url: string }>('fake-upstream-process.ts', []);
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
  await closeChild(fake);
}

printReport({
  results,
  versus,
  ownCost,
  sequential: SEQUENTIAL,
  concurrent: CONCURRENT,
  batches: BATCHES,
  headToHeadRounds: HEAD_TO_HEAD_ROUNDS,
  cpuRequests: CPU_REQUESTS,
  chunks: CHUNKS,
});
