/**
 * The web app's first load per route (issue 16 item 4): every script and style sheet a signed-in
 * browser loads at network idle, measured in Debian's Chromium by tests/e2e/route-weight.spec.ts
 * (the same check `npm test` runs against bench/route-budgets.json). Builds the client, runs that
 * spec on E2E_PORT (default 5055) and prints each route's total against the 150 KB target.
 *
 *   npm run bench -- route-weight
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteWeight } from '../tests/e2e/support/route-weight.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT = path.join(tmpdir(), `route-weight-${process.pid}.json`);
const { target, routes: budgets } = JSON.parse(
  readFileSync(path.join(ROOT, 'bench/route-budgets.json'), 'utf8'),
) as { target: number; routes: Record<string, { js: number; css: number }> };

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const build = spawnSync(bin('vite'), ['build'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) throw new Error('vite build failed');
const spec = spawnSync(bin('playwright'), ['test', 'tests/e2e/route-weight.spec.ts'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ROUTE_WEIGHT_REPORT: REPORT },
});

const results = JSON.parse(readFileSync(REPORT, 'utf8')) as RouteWeight[];
console.log(
  '| route | scripts | JS KB gzip | CSS KB gzip | budget JS / CSS | largest scripts (KB) | API answers: KB sent / decoded |',
);
console.log('|---|---|---|---|---|---|---|');
for (const { route, scripts, jsKb, cssKb, api } of results) {
  const apiKb = (size: 'transferredKb' | 'decodedKb') =>
    api.reduce((total, answer) => total + answer[size], 0).toFixed(1);
  const largest = scripts
    .slice(0, 4)
    .map(
      (file) =>
        `${path.basename(file.path).replace(/-[\w-]{8}\.js$/, '')} ${file.gzipKb.toFixed(1)}`,
    )
    .join(', ');
  const budget = budgets[route]!;
  console.log(
    `| \`${route}\` | ${scripts.length} | ${jsKb.toFixed(1)} | ${cssKb.toFixed(1)} | ${budget.js} / ${budget.css} | ${largest} | ${apiKb('transferredKb')} / ${apiKb('decodedKb')} (${api.length}) |`,
  );
}
const worst = Math.max(...results.map((result) => result.jsKb));
console.log(
  `\ntarget ${target} KB gzip per route: largest ${worst.toFixed(1)} KB = ${((worst / target) * 100).toFixed(0)} % of target (${worst <= target ? 'met' : 'not met'}); budgets ${spec.status === 0 ? 'held' : 'exceeded'}`,
);
process.exitCode = spec.status === 0 ? 0 : 1;
