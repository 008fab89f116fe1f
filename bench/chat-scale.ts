/**
 * Chat at scale (issue #16, item 2): 1, 100 and 1,000 concurrent streamed replies through Orbit on
 * PostgreSQL, against an upstream at a hosted model's pace (first token after 300 ms, then 30
 * tokens a second for 5 s; support/fake-upstream-process.ts, marker [scale]). For each count, the same
 * streams are first sent directly to the upstream (the baseline, same client, same moment) and
 * then through Orbit. Streams arrive spread evenly over BENCH_SCALE_SPREAD_MS (default 4 s, shorter
 * than a reply, so all of them are open at once, as users arriving over a few seconds would be:
 * decision 288); 0 starts them all in the same millisecond (a thundering herd). Reported:
 * added first-token p50/p99 (through minus direct at the same percentile, each stream timed from
 * its own start),
 * the server's RSS while all streams are open and after they end, RSS per open stream, the
 * server's event-loop delay p99 while they run, the CPU the server, this client and the whole
 * machine used meanwhile (cores), and errors. Then BENCH_SCALE_ROUNDS (default 10)
 * more rounds of the largest count, the server's RSS after each: flat, or a leak.
 *
 *   npm run bench -- chat-scale
 *   BENCH_SCALE_COUNTS=1,100,1000 BENCH_SCALE_ROUNDS=10 npm run bench -- chat-scale
 *   BENCH_SCALE_SPREAD_MS=0 npm run bench -- chat-scale      (every stream in the same instant)
 *   BENCH_HEAP_SNAPSHOT=/tmp/heap npm run bench -- chat-scale (V8 heap snapshots of the server
 *     before and with each count's streams open; the figures of that run are not comparable)
 *
 * The server is the real app (support/chat-server-process.ts, run from source with the Node flags
 * of `npm start`) with one conversation per stream, each of an Ultimate subscriber of its own: a
 * conversation has one reply in progress at a time, and 1,000 concurrent chats are 1,000 users'
 * (one user's replies all count into the same usage row, whose lock then orders their storing).
 */
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { servedNodeFlags } from '#tests/support/compiled-server.ts';
import { closeChild, spawnChild } from './support/child-process.ts';
import type { CpuTimes } from './support/thread-cpu.ts';
import { withScratchPostgres } from './support/scratch-postgres.ts';
import { percentile, printTable } from './support/stats.ts';
import {
  chatCompletions,
  openStream,
  orbit,
  preconnect,
  type Path,
  type ServerInfo,
} from './support/stream-paths.ts';

const COUNTS = (process.env.BENCH_SCALE_COUNTS ?? '1,100,1000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 10);
/** Arrivals are spread over this; a reply lasts 5.3 s, so every stream is open at its end. */
const SPREAD_MS = Number(process.env.BENCH_SCALE_SPREAD_MS ?? 4000);
/**
 * Each user's connection is open before the send, as a browser's is once the chat has loaded
 * (decision 292); 'new' gives every send a connection of its own, opened with it.
 */
const OPEN_CONNECTIONS = process.env.BENCH_SCALE_CONNECTIONS !== 'new';
const MARKER = '[scale]';
const SNAPSHOT_DIR = process.env.BENCH_HEAP_SNAPSHOT;
const MIB = 1024 * 1024;
const TARGETS = { addedP99BeyondDirectMs: 20, rssPerStreamKib: 64, leakMib: 16 };

interface ServerStats {
  rss: number;
  /** The JS heap in use, and memory held by JS objects outside it (buffers). */
  heapUsed: number;
  external: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

/** CPU used while a round ran, in cores: the server, this process (the client), the machine. */
interface CpuShare {
  server: number;
  client: number;
  machine: number;
}

const CORES = cpus().length;

/** CPU time of every core of the machine so far, busy and in all, in ms. */
function machineCpu() {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    busy += times.user + times.nice + times.sys + times.irq;
    total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { busy, total };
}

interface Round {
  firstTokens: number[];
  cpu?: CpuShare;
  errors: number;
  /** The server's memory once every stream had its first token (through Orbit only). */
  open?: ServerStats;
  /** How many streams were still open then (on a slow machine the first may have ended). */
  openAtSample: number;
  firstError?: string;
}

/**
 * `count` replies on `path`, started evenly over SPREAD_MS (all at once when it is 0 or for one
 * stream); each first token is timed from its own stream's start. Resolves when all have ended.
 */
async function round(
  path: Path,
  count: number,
  atOpen?: () => Promise<ServerStats>,
  /** The server's CPU time so far, µs: given, the round reports the CPU it used. */
  serverCpu?: () => Promise<number>,
): Promise<Round> {
  if (OPEN_CONNECTIONS) await preconnect(path, count);
  const cpuBefore = serverCpu && {
    server: await serverCpu(),
    client: process.cpuUsage(),
    machine: machineCpu(),
    at: performance.now(),
  };
  const firstTokens: number[] = [];
  const gap = count > 1 ? SPREAD_MS / count : 0;
  const begin = performance.now();
  const streams: ReturnType<typeof openStream>[] = [];
  for (let slot = 0; slot < count; slot++) {
    const due = begin + slot * gap;
    if (gap > 0 && due > performance.now()) await sleep(due - performance.now());
    const started = performance.now();
    const stream = openStream(path, slot, MARKER);
    void stream.firstToken.then(() => firstTokens.push(performance.now() - started));
    streams.push(stream);
  }
  await Promise.all(streams.map((stream) => stream.firstToken));
  const open = atOpen ? await atOpen() : undefined;
  const openAtSample = streams.filter((stream) => !stream.finished).length;
  const ended = await Promise.all(streams.map((stream) => stream.ended));
  let cpu: CpuShare | undefined;
  if (cpuBefore) {
    const wallMicros = (performance.now() - cpuBefore.at) * 1000;
    const client = process.cpuUsage(cpuBefore.client);
    const machine = machineCpu();
    cpu = {
      server: ((await serverCpu()) - cpuBefore.server) / wallMicros,
      client: (client.user + client.system) / wallMicros,
      machine:
        ((machine.busy - cpuBefore.machine.busy) / (machine.total - cpuBefore.machine.total)) *
        CORES,
    };
  }
  const failures = ended.filter((error) => error !== undefined);
  const errors = failures.length + (count - firstTokens.length);
  if (failures[0]) console.log(`  ${failures.length} failed, the first: ${failures[0].message}`);
  return { firstTokens, errors, openAtSample, ...(open ? { open } : {}), ...(cpu ? { cpu } : {}) };
}

const fmt = (value: number, digits = 1) => value.toFixed(digits);

async function run(databaseUrl: string) {
  const largest = Math.max(...COUNTS);
  const upstream = await spawnChild<{ url: string }>('fake-upstream-process.ts', []);
  // With `npm start`'s Node flags: its young generation is a quarter of the default (decision 270).
  const server = await spawnChild<ServerInfo>(
    'chat-server-process.ts',
    [upstream.info.url, databaseUrl, String(largest), 'users'],
    true,
    servedNodeFlags(),
  );
  const stats = () => server.ask<ServerStats>('stats');
  const serverCpu = async () => (await server.ask<CpuTimes>('cpu')).processMicros;
  // RSS after a full collection: what the streams hold, not garbage not yet collected.
  const held = () => server.ask<ServerStats>('stats-after-gc');
  const snapshot = async (name: string) => {
    if (!SNAPSHOT_DIR) return;
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
    console.log(
      `  heap snapshot: ${await server.ask<string>(`heap-snapshot:${SNAPSHOT_DIR}/${name}.heapsnapshot`)}`,
    );
  };
  const direct = chatCompletions(upstream.info.url);
  const through = orbit(server.info);
  try {
    // Warm both paths (connections, prepared statements, the JIT).
    await round(direct, 10);
    await round(through, 10);

    const rows: string[][] = [];
    const growth: { count: number; addedP99: number; perStreamKib: number; loopP99: number }[] = [];
    let errors = 0;
    for (const count of COUNTS) {
      const baseline = await round(direct, count);
      await sleep(500);
      await snapshot(`before-${count}`);
      const before = await held();
      const idleBefore = before.rss;
      await stats(); // the event-loop delay from here on
      const measured = await round(
        through,
        count,
        async () => {
          const open = await held();
          await snapshot(`open-${count}`);
          return open;
        },
        serverCpu,
      );
      const during = await stats();
      await sleep(1000);
      const idleAfter = (await held()).rss;
      const addedP50 = percentile(measured.firstTokens, 50) - percentile(baseline.firstTokens, 50);
      const addedP99 = percentile(measured.firstTokens, 99) - percentile(baseline.firstTokens, 99);
      const open = Math.max(measured.openAtSample, 1);
      const perStreamKib = ((measured.open?.rss ?? idleBefore) - idleBefore) / open / 1024;
      const heapPerStreamKib =
        ((measured.open?.heapUsed ?? before.heapUsed) - before.heapUsed) / open / 1024;
      errors += measured.errors + baseline.errors;
      growth.push({ count, addedP99, perStreamKib, loopP99: during.loopDelayP99Ms });
      rows.push([
        String(count),
        `${fmt(percentile(baseline.firstTokens, 50))} / ${fmt(percentile(baseline.firstTokens, 99))}`,
        `${fmt(percentile(measured.firstTokens, 50))} / ${fmt(percentile(measured.firstTokens, 99))}`,
        `${fmt(addedP50)} / ${fmt(addedP99)}`,
        fmt(idleBefore / MIB),
        `${fmt((measured.open?.rss ?? 0) / MIB)} (${measured.openAtSample} open)`,
        // One stream is lost in the noise of a heap of 50 MiB.
        count > 1 ? `${fmt(perStreamKib)} (${fmt(heapPerStreamKib)})` : '—',
        fmt(idleAfter / MIB),
        `${fmt(during.loopDelayP99Ms)} / ${fmt(during.loopDelayMaxMs)}`,
        measured.cpu
          ? `${fmt(measured.cpu.server, 2)} / ${fmt(measured.cpu.client, 2)} / ` +
            `${fmt(measured.cpu.machine, 2)} of ${CORES}`
          : '—',
        `${measured.errors} / ${baseline.errors}`,
      ]);
    }
    const arrival =
      (SPREAD_MS > 0 ? `arriving over ${SPREAD_MS} ms` : 'started at once') +
      (OPEN_CONNECTIONS ? ' on open connections' : ', each on a new connection');
    printTable(
      `Streams ${arrival}, first token ms (p50 / p99), upstream 300 ms + 30 tokens/s; ` +
        `Orbit on PostgreSQL; load average ${fmt(loadavg()[0]!)}`,
      [
        'streams',
        'direct',
        'through Orbit',
        'added',
        'RSS before MiB',
        'RSS all open',
        'KiB per open stream (JS heap)',
        'RSS 1 s after',
        'event loop p99 / max ms',
        'CPU cores: server / client / machine',
        'errors (Orbit / direct)',
      ],
      rows,
    );

    const leakRows: string[][] = [];
    const afterRounds: number[] = [];
    for (let index = 0; index < ROUNDS; index++) {
      const measured = await round(through, largest);
      errors += measured.errors;
      await sleep(1000);
      const afterStats = await held();
      const after = afterStats.rss;
      afterRounds.push(after);
      leakRows.push([
        String(index + 1),
        fmt(percentile(measured.firstTokens, 50)),
        fmt(percentile(measured.firstTokens, 99)),
        String(measured.errors),
        fmt(after / MIB),
        `${fmt(afterStats.heapUsed / MIB)} / ${fmt(afterStats.external / MIB)}`,
      ]);
    }
    if (ROUNDS > 0) {
      printTable(
        `${ROUNDS} more rounds of ${largest} streams through Orbit: first token ms and RSS 1 s after`,
        ['round', 'p50', 'p99', 'errors', 'RSS after MiB', 'JS heap / buffers MiB'],
        leakRows,
      );
    }

    console.log(
      '\nGrowth from one count to the next (cost ratio ÷ streams ratio; ≤ 1 is linear or better):',
    );
    for (let index = 1; index < growth.length; index++) {
      const [from, to] = [growth[index - 1]!, growth[index]!];
      const streams = to.count / from.count;
      const ratio = (a: number, b: number) =>
        b > 0 ? `${fmt(a / b, 2)}× (${fmt(a / b / streams, 3)})` : 'n/a';
      console.log(
        `  ${from.count} → ${to.count} streams (×${streams}): added p99 ${ratio(Math.max(to.addedP99, 0), Math.max(from.addedP99, 0.1))}, ` +
          `RSS of open streams ${ratio(to.perStreamKib * to.count, Math.max(from.perStreamKib * from.count, 1))}, ` +
          `event loop p99 ${ratio(to.loopP99, from.loopP99)}`,
      );
    }

    const top = growth.find((entry) => entry.count === largest)!;
    const leak = afterRounds.length >= 2 ? (afterRounds.at(-1)! - afterRounds[1]!) / MIB : 0;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(`\nTargets (issue #16), ${largest} concurrent streams on PostgreSQL:`);
    console.log(`  errors: ${errors} (0) — ${verdict(errors === 0)}`);
    console.log(
      `  added first-token p99 beyond the direct baseline: ${fmt(top.addedP99)} ms (≤ ${TARGETS.addedP99BeyondDirectMs}) — ${verdict(top.addedP99 <= TARGETS.addedP99BeyondDirectMs)}`,
    );
    console.log(
      `  RSS per open stream: ${fmt(top.perStreamKib)} KiB (≤ ${TARGETS.rssPerStreamKib}) — ${verdict(top.perStreamKib <= TARGETS.rssPerStreamKib)}`,
    );
    console.log(
      `  RSS after rounds 2…${ROUNDS}: ${fmt(leak)} MiB change (flat: ≤ ${TARGETS.leakMib}) — ${verdict(leak <= TARGETS.leakMib)}`,
    );
  } finally {
    await closeChild(server);
    await closeChild(upstream);
  }
}

await withScratchPostgres(run);
