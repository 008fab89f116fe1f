import type { Histogram } from 'prom-client';

/** One label set of a histogram at one moment: cumulative bucket counts, like Prometheus. */
export interface SeriesSnapshot {
  labels: Record<string, string>;
  /** Cumulative counts, one per upper bound (the last is +Inf). */
  buckets: number[];
  count: number;
  sum: number;
}
export type HistogramSnapshot = Map<string, SeriesSnapshot>;

/** Reads every label set of a histogram (prom-client's own get(); no extra work per observe). */
export async function snapshotHistogram(histogram: Histogram): Promise<HistogramSnapshot> {
  const { values } = await histogram.get();
  const series: HistogramSnapshot = new Map();
  for (const value of values) {
    const { le, ...labels } = value.labels as Record<string, string | number>;
    const key = JSON.stringify(labels);
    let entry = series.get(key);
    if (!entry) {
      entry = {
        labels: Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, String(v)])),
        buckets: [],
        count: 0,
        sum: 0,
      };
      series.set(key, entry);
    }
    const name = value.metricName ?? '';
    if (name.endsWith('_bucket') && le !== undefined) entry.buckets.push(value.value);
    else if (name.endsWith('_count')) entry.count = value.value;
    else if (name.endsWith('_sum')) entry.sum = value.value;
  }
  return series;
}

/** What happened between two snapshots (a label set absent from `before` started at zero). */
export function subtract(now: HistogramSnapshot, before: HistogramSnapshot | undefined) {
  const result: SeriesSnapshot[] = [];
  for (const [key, current] of now) {
    const base = before?.get(key);
    const count = current.count - (base?.count ?? 0);
    if (count <= 0) continue;
    result.push({
      labels: current.labels,
      count,
      sum: current.sum - (base?.sum ?? 0),
      buckets: current.buckets.map((value, index) => value - (base?.buckets[index] ?? 0)),
    });
  }
  return result;
}

/** Adds series up (several status codes of one route). */
export function merge(series: SeriesSnapshot[]): SeriesSnapshot {
  const first = series[0]!;
  return series.slice(1).reduce<SeriesSnapshot>(
    (total, next) => ({
      labels: total.labels,
      count: total.count + next.count,
      sum: total.sum + next.sum,
      buckets: total.buckets.map((value, index) => value + (next.buckets[index] ?? 0)),
    }),
    { ...first, buckets: [...first.buckets] },
  );
}

/**
 * The q-quantile of cumulative bucket counts, interpolated linearly inside its bucket as
 * Prometheus' histogram_quantile() does; above the last finite bound, that bound.
 */
export function quantile(q: number, upperBounds: readonly number[], buckets: number[]): number {
  const total = buckets.at(-1) ?? 0;
  if (total === 0) return 0;
  const rank = q * total;
  for (let index = 0; index < buckets.length; index++) {
    if (buckets[index]! < rank) continue;
    if (index >= upperBounds.length) return upperBounds.at(-1) ?? 0;
    const lower = index === 0 ? 0 : upperBounds[index - 1]!;
    const below = index === 0 ? 0 : buckets[index - 1]!;
    const inBucket = buckets[index]! - below;
    const upper = upperBounds[index]!;
    return inBucket === 0 ? upper : lower + ((upper - lower) * (rank - below)) / inBucket;
  }
  return upperBounds.at(-1) ?? 0;
}

/**
 * Snapshots taken every `stepMs`, kept for `windowMs`: the difference between now and the
 * oldest kept one is what the last minutes looked like (p50/p95 that follow the present, while
 * the histogram itself stays cumulative for Prometheus).
 */
export class RollingWindow {
  private readonly snapshots: { at: number; data: HistogramSnapshot }[] = [];
  private readonly startedAt: number;

  constructor(
    private readonly histogram: Histogram,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  async takeSnapshot(): Promise<void> {
    const at = this.now();
    this.snapshots.push({ at, data: await snapshotHistogram(this.histogram) });
    while (this.snapshots.length > 1 && at - this.snapshots[1]!.at >= this.windowMs) {
      this.snapshots.shift();
    }
  }

  /** The series of the window and its length in seconds. */
  async current(): Promise<{ series: SeriesSnapshot[]; seconds: number }> {
    const now = this.now();
    const base = this.snapshots.find((snapshot) => now - snapshot.at <= this.windowMs);
    const since = base?.at ?? this.startedAt;
    const series = subtract(await snapshotHistogram(this.histogram), base?.data);
    return { series, seconds: Math.max(1, (now - since) / 1000) };
  }
}
