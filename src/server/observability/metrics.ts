import { monitorEventLoopDelay } from 'node:perf_hooks';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { RollingWindow } from './rolling-window.ts';

/** Upper bounds in seconds: fast API answers up to whole streamed replies. */
export const LATENCY_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120,
] as const;
export const FIRST_TOKEN_BUCKETS = [
  0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 20, 60,
] as const;

/** p50/p95 in the admin screen cover this much of the recent past. */
export const WINDOW_MS = 5 * 60_000;
const SNAPSHOT_EVERY_MS = 30_000;
const LOOP_RESOLUTION_MS = 20;

export interface MetricSources {
  /** Pool connections: total, idle, queries waiting for one. */
  pool: () => { total: number; idle: number; waiting: number } | undefined;
  /** Open TCP connections of the HTTP server. */
  sockets: () => Promise<number>;
  build: { version: string; commit: () => Promise<string | null> };
}

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/**
 * The one prom-client registry of an app (issue 12, performance): per-request latency by route
 * pattern, the AI's time to first token, the event loop, the database pool, open streams and
 * sockets, and Node's default process metrics. GET /metrics prints it; the admin screen reads
 * the same histograms through rolling windows.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'orbit_http_request_duration_seconds',
    help: 'Time from request to the end of the answer, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [...LATENCY_BUCKETS],
    registers: [registry],
  });
  const firstToken = new Histogram({
    name: 'orbit_ai_time_to_first_token_seconds',
    help: 'Time from the provider request to the first text of a reply',
    labelNames: ['model'] as const,
    buckets: [...FIRST_TOKEN_BUCKETS],
    registers: [registry],
  });

  // Our own monitor: prom-client's default one resets at every scrape, the screen needs its own.
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  let lastLoop: LoopDelay = { p50: 0, p99: 0, max: 0 };
  const readLoop = (): LoopDelay => {
    if (loop.count === 0) return lastLoop;
    return {
      p50: loop.percentile(50) / 1e9,
      p99: loop.percentile(99) / 1e9,
      max: loop.max / 1e9,
    };
  };
  new Gauge({
    name: 'orbit_event_loop_delay_seconds',
    help: 'Event-loop delay over the last 30 s',
    labelNames: ['quantile'] as const,
    registers: [registry],
    collect() {
      const delay = readLoop();
      this.set({ quantile: '0.5' }, delay.p50);
      this.set({ quantile: '0.99' }, delay.p99);
      this.set({ quantile: '1' }, delay.max);
    },
  });

  let openStreams = 0;
  new Gauge({
    name: 'orbit_open_event_streams',
    help: 'Server-Sent Event streams (chat replies) open now',
    registers: [registry],
    collect() {
      this.set(openStreams);
    },
  });
  new Gauge({
    name: 'orbit_open_sockets',
    help: 'TCP connections open to this instance',
    registers: [registry],
    async collect() {
      this.set(await sources.sockets());
    },
  });
  new Gauge({
    name: 'orbit_db_pool_connections',
    help: 'Database pool: connections by state, and queries waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'orbit_build_info',
    help: 'Version and commit of the running server (always 1)',
    labelNames: ['version', 'commit'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const commit = (await sources.build.commit()) ?? 'unknown';
      this.set({ version: sources.build.version, commit }, 1);
    },
  });

  const requests = new RollingWindow(httpDuration, WINDOW_MS);
  const firstTokens = new RollingWindow(firstToken, WINDOW_MS);
  const timer = setInterval(() => {
    lastLoop = readLoop();
    loop.reset();
    void requests.takeSnapshot();
    void firstTokens.takeSnapshot();
  }, SNAPSHOT_EVERY_MS).unref();

  return {
    registry,
    httpDuration,
    requests,
    firstTokens,
    sources,
    eventLoop: readLoop,
    /** Called once per reply, at its first text. */
    observeFirstToken(model: string, milliseconds: number) {
      firstToken.observe({ model }, milliseconds / 1000);
    },
    /** An event stream opened; call the result when it closes. */
    streamOpened(): () => void {
      openStreams++;
      let open = true;
      return () => {
        if (open) openStreams--;
        open = false;
      };
    },
    openStreams: () => openStreams,
    close() {
      clearInterval(timer);
      loop.disable();
    },
  };
}

export type AppMetrics = ReturnType<typeof createMetrics>;
