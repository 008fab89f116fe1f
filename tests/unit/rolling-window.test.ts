import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { quantile, RollingWindow } from '#server/observability/rolling-window.ts';

const BOUNDS = [0.01, 0.1, 1];

function histogram() {
  return new Histogram({
    name: 'test_seconds',
    help: 'test',
    labelNames: ['route'] as const,
    buckets: BOUNDS,
    registers: [new Registry()],
  });
}

describe('quantile', () => {
  it('interpolates inside the bucket, as histogram_quantile does', () => {
    // 10 at ≤ 0.01, 10 more at ≤ 0.1 (cumulative 20), none above.
    expect(quantile(0.5, BOUNDS, [10, 20, 20, 20])).toBeCloseTo(0.01);
    expect(quantile(0.75, BOUNDS, [10, 20, 20, 20])).toBeCloseTo(0.055);
    expect(quantile(0.25, BOUNDS, [10, 20, 20, 20])).toBeCloseTo(0.005);
    expect(quantile(0.95, BOUNDS, [0, 0, 0, 4])).toBe(1);
    expect(quantile(0.5, BOUNDS, [0, 0, 0, 0])).toBe(0);
  });
});

describe('RollingWindow', () => {
  it('counts only what the last window saw, while the histogram stays cumulative', async () => {
    const h = histogram();
    let now = 0;
    const window = new RollingWindow(h, 5 * 60_000, () => now);
    for (let i = 0; i < 4; i++) h.observe({ route: '/slow' }, 0.5);
    await window.takeSnapshot(); // t = 0

    now = 60_000;
    for (let i = 0; i < 3; i++) h.observe({ route: '/fast' }, 0.005);
    await window.takeSnapshot();
    // Within five minutes of the first snapshot: everything after it.
    let current = await window.current();
    expect(current.series.map((s) => [s.labels.route, s.count])).toEqual([['/fast', 3]]);
    expect(current.seconds).toBe(60);

    now = 6 * 60_000;
    h.observe({ route: '/fast' }, 0.005);
    await window.takeSnapshot(); // the t = 0 snapshot is now past the window and dropped
    current = await window.current();
    expect(current.series.map((s) => [s.labels.route, s.count])).toEqual([['/fast', 1]]);
    expect(current.seconds).toBe(300);
    expect((await h.get()).values.find((v) => v.metricName === 'test_seconds_count')?.value).toBe(
      4,
    );
  });
});
