import { hostname } from 'node:os';
import type { DatabaseHandle } from '#server/db/client.ts';
import { migrationStatus } from '#server/db/migration-status.queries.ts';
import {
  FIRST_TOKEN_BUCKETS,
  LATENCY_BUCKETS,
  type AppMetrics,
} from '#server/observability/metrics.ts';
import { merge, quantile, type SeriesSnapshot } from '#server/observability/rolling-window.ts';
import type {
  FirstTokenStats,
  Performance,
  RouteStats,
} from '#shared/admin/performance-schemas.ts';

const STARTED_AT = new Date(Date.now() - process.uptime() * 1000);

const toMs = (seconds: number) => Math.round(seconds * 10_000) / 10;

function groupBy(series: SeriesSnapshot[], key: (labels: Record<string, string>) => string) {
  const groups = new Map<string, SeriesSnapshot[]>();
  for (const entry of series) {
    const name = key(entry.labels);
    groups.set(name, [...(groups.get(name) ?? []), entry]);
  }
  return groups;
}

async function routeStats(metrics: AppMetrics): Promise<{ routes: RouteStats[]; seconds: number }> {
  const { series, seconds } = await metrics.requests.current();
  const routes = [...groupBy(series, (l) => `${l.method} ${l.route}`).values()].map((group) => {
    const total = merge(group);
    return {
      method: total.labels.method ?? '',
      route: total.labels.route ?? '',
      count: total.count,
      perMinute: Math.round((total.count / seconds) * 600) / 10,
      p50Ms: toMs(quantile(0.5, LATENCY_BUCKETS, total.buckets)),
      p95Ms: toMs(quantile(0.95, LATENCY_BUCKETS, total.buckets)),
      serverErrors: group
        .filter((entry) => Number(entry.labels.status_code) >= 500)
        .reduce((sum, entry) => sum + entry.count, 0),
    };
  });
  return { routes: routes.sort((a, b) => b.count - a.count), seconds };
}

async function firstTokenStats(metrics: AppMetrics): Promise<FirstTokenStats[]> {
  const { series } = await metrics.firstTokens.current();
  return [...groupBy(series, (l) => l.model ?? '').values()].map((group) => {
    const total = merge(group);
    return {
      model: total.labels.model ?? '',
      count: total.count,
      p50Ms: toMs(quantile(0.5, FIRST_TOKEN_BUCKETS, total.buckets)),
      p95Ms: toMs(quantile(0.95, FIRST_TOKEN_BUCKETS, total.buckets)),
    };
  });
}

/** GET /api/admin/performance: this instance over the last minutes, from the metrics registry. */
export async function performanceSummary(
  metrics: AppMetrics,
  database: DatabaseHandle,
): Promise<Performance> {
  const [{ routes, seconds }, firstToken, migrations, sockets, commit] = await Promise.all([
    routeStats(metrics),
    firstTokenStats(metrics),
    migrationStatus(database.db),
    metrics.sources.sockets(),
    metrics.sources.build.commit(),
  ]);
  const loop = metrics.eventLoop();
  const memory = process.memoryUsage();
  return {
    generatedAt: new Date().toISOString(),
    windowSeconds: Math.round(seconds),
    instance: { hostname: hostname(), pid: process.pid },
    build: {
      version: metrics.sources.build.version,
      commit,
      node: process.version,
      startedAt: STARTED_AT.toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
    },
    routes,
    firstToken,
    eventLoop: { p50Ms: toMs(loop.p50), p99Ms: toMs(loop.p99), maxMs: toMs(loop.max) },
    memory: {
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      externalBytes: memory.external,
    },
    database: {
      kind: database.kind,
      pool: database.poolStats?.() ?? null,
      appliedMigrations: migrations.applied,
      pendingMigrations: migrations.pending,
    },
    connections: { eventStreams: metrics.openStreams(), sockets },
  };
}
