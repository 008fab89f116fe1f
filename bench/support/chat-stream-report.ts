/**
 * What the chat-stream benchmark measured and how it prints it: the latency tables (by phase and
 * head to head), the CPU table and Orbit's own cost per chunk. The measuring is in
 * bench/chat-stream.ts; this file only shapes the figures into "added" (through the server minus
 * direct, same percentile) and "beyond the floor" (added minus the bare forwarder's added).
 */
import { percentile, printTable } from './stats.ts';

export const FLOOR = 'bare forwarder (floor)';
export const STORE_FLOOR = 'bare forwarder + 1 PGlite insert';
export const STORE_FLOOR_PG = 'bare forwarder + 1 PostgreSQL insert';
/** Store-first floors that also read the history window and send it (bare-forwarder-process.ts). */
export const HISTORY_FLOOR = '… + history window read and sent, PGlite';
export const HISTORY_FLOOR_PG = '… + history window read and sent, PostgreSQL';
export const ORBIT_PGLITE = 'Orbit, PGlite';
export const ORBIT_POSTGRES = 'Orbit, PostgreSQL';

export interface Latency {
  /** Which load: '1', 'N started at once' or 'N open streams'. */
  load: string;
  direct: number[];
  through: number[];
}

export interface Cpu {
  /** µs per extra chunk and ms per request (rest), main thread and whole process. */
  mainPerChunk: number;
  processPerChunk: number;
  mainPerRequest: number;
  processPerRequest: number;
  directPerChunk: number;
  /** Where the server's main-thread figure comes from (support/thread-cpu.ts). */
  source: string;
}

export interface Measured {
  label: string;
  latency: Latency[];
  cpu: Cpu;
}

export interface Report {
  results: Measured[];
  /** Head to head: first-token times per path label ('direct' included). */
  versus: Map<string, number[]>;
  /** Orbit's own work per forwarded chunk without I/O, µs, one per run. */
  ownCost: number[];
  /** The run's parameters, for the table titles. */
  sequential: number;
  concurrent: number;
  batches: number;
  headToHeadRounds: number;
  cpuRequests: number;
  chunks: { short: number; long: number };
}

const ms = (value: number) => value.toFixed(2);
const pair = (p50: number, p99: number) => `${ms(p50)} / ${ms(p99)}`;
const p = (values: number[]) => [percentile(values, 50), percentile(values, 99)] as const;
const added = (latency: Latency) => {
  const [d50, d99] = p(latency.direct);
  const [t50, t99] = p(latency.through);
  return [t50 - d50, t99 - d99] as const;
};

/** Each Orbit row against the store-first floor of its own database. */
const STORE_FLOOR_OF: Record<string, string> = {
  [ORBIT_PGLITE]: STORE_FLOOR,
  [ORBIT_POSTGRES]: STORE_FLOOR_PG,
};

/** … and against the history floor of its own database (head to head only; no target). */
const HISTORY_FLOOR_OF: Record<string, string> = {
  [ORBIT_PGLITE]: HISTORY_FLOOR,
  [ORBIT_POSTGRES]: HISTORY_FLOOR_PG,
};

export function printReport(report: Report) {
  const { results, versus } = report;
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
    `Time to first token, ms (p50 / p99); ${report.sequential} sequential requests, ` +
      `${report.batches}×${report.concurrent} started at once, ${report.sequential} sequential ` +
      `while ${report.concurrent} others stream (20 ms a chunk)`,
    ['server', 'streams', 'direct to provider', 'through the server', 'added', 'beyond the floor'],
    latencyRows,
  );

  const directTimes = versus.get('direct') ?? [];
  const versusAdded = (label: string) => {
    const [d50, d99] = p(directTimes);
    const [t50, t99] = p(versus.get(label)!);
    return [t50 - d50, t99 - d99] as const;
  };
  printTable(
    `Head to head, 1 stream: ${report.headToHeadRounds} rounds, each one request on every path ` +
      'in random order, all servers up at once; added ms (p50 / p99)',
    [
      'server',
      'through the server',
      'added',
      'beyond the floor',
      'beyond the store-first floor',
      'beyond the history floor',
    ],
    [...versus.keys()]
      .filter((label) => label !== 'direct')
      .map((label) => {
        const [a50, a99] = versusAdded(label);
        const beyond = (floorLabel: string | undefined) => {
          if (!floorLabel || !versus.has(floorLabel)) return '—';
          const [f50, f99] = versusAdded(floorLabel);
          return pair(a50 - f50, a99 - f99);
        };
        return [
          label,
          pair(...p(versus.get(label)!)),
          pair(a50, a99),
          label === FLOOR ? '—' : beyond(FLOOR),
          beyond(STORE_FLOOR_OF[label]),
          beyond(HISTORY_FLOOR_OF[label]),
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
    `CPU (${report.cpuRequests} replies of ${report.chunks.long} vs ${report.chunks.short} ` +
      `chunks, per extra chunk; server main thread from ${sources})`,
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
    report.ownCost.map((micros) => [micros.toFixed(2)]),
  );

  printTargets(report);
}

/** Issue #16's first-token targets, against the store-first floor of the same run. */
const TARGETS = { p50BeyondStoreFloorMs: 0.5, p99BeyondStoreFloorMs: 5, cpuPerChunkMicros: 10 };

function printTargets(report: Report) {
  const { results, versus } = report;
  const verdict = (value: number, limit: number) => (value <= limit ? 'met' : 'NOT met');
  const directTimes = versus.get('direct') ?? [];
  const headToHeadP50 = (label: string) =>
    percentile(versus.get(label) ?? [], 50) - percentile(directTimes, 50);
  console.log('\nTargets (issue #16; "beyond" = Orbit added minus its store-first floor added):');
  for (const [orbit, floorLabel] of Object.entries(STORE_FLOOR_OF)) {
    const server = results.find((result) => result.label === orbit);
    const floor = results.find((result) => result.label === floorLabel);
    if (!server || !floor) continue;
    if (versus.has(orbit) && versus.has(floorLabel)) {
      const beyond = headToHeadP50(orbit) - headToHeadP50(floorLabel);
      console.log(
        `  ${orbit}: first token p50, 1 stream, head to head: ${ms(beyond)} ms beyond ` +
          `(≤ ${TARGETS.p50BeyondStoreFloorMs}) — ${verdict(beyond, TARGETS.p50BeyondStoreFloorMs)}`,
      );
    }
    const sequential = (result: Measured) => result.latency.find((latency) => latency.load === '1');
    const serverOne = sequential(server);
    const floorOne = sequential(floor);
    if (serverOne && floorOne) {
      const beyond = added(serverOne)[0] - added(floorOne)[0];
      console.log(
        `  ${orbit}: first token p50, 1 stream, own phase: ${ms(beyond)} ms beyond ` +
          `(≤ ${TARGETS.p50BeyondStoreFloorMs}) — ${verdict(beyond, TARGETS.p50BeyondStoreFloorMs)}`,
      );
    }
    const open = (result: Measured) =>
      result.latency.find((latency) => latency.load.endsWith('open streams'));
    const serverOpen = open(server);
    const floorOpen = open(floor);
    if (serverOpen && floorOpen) {
      const beyond = added(serverOpen)[1] - added(floorOpen)[1];
      console.log(
        `  ${orbit}: first token p99, ${serverOpen.load}: ${ms(beyond)} ms beyond ` +
          `(≤ ${TARGETS.p99BeyondStoreFloorMs}) — ${verdict(beyond, TARGETS.p99BeyondStoreFloorMs)}`,
      );
    }
    const historyFloor = HISTORY_FLOOR_OF[orbit]!;
    if (versus.has(orbit) && versus.has(historyFloor)) {
      const beyond = headToHeadP50(orbit) - headToHeadP50(historyFloor);
      console.log(
        `  ${orbit}: first token p50, 1 stream, head to head, beyond the history floor ` +
          `(no target; what the spec's history window leaves to Orbit): ${ms(beyond)} ms`,
      );
    }
    const cpu = server.cpu.mainPerChunk - server.cpu.directPerChunk;
    console.log(
      `  ${orbit}: CPU per forwarded chunk beyond a plain reader: ${cpu.toFixed(1)} µs ` +
        `(≤ ${TARGETS.cpuPerChunkMicros}) — ${verdict(cpu, TARGETS.cpuPerChunkMicros)}`,
    );
  }
}
