/**
 * Idle memory and start-up of the server as users run it (issue #16, item 3): the whole process
 * tree's RSS after start and one login, and the time from spawn to a ready `/readyz`, on
 * PostgreSQL and on the embedded database (a fresh DATA_DIR's first start and a later start).
 *
 *   npm run bench -- memory-startup
 *   BENCH_SERVER=source,compiled BENCH_RUNS=3 npm run bench -- memory-startup
 *
 * BENCH_SERVER picks the server command(s): `compiled` (`npm run serve`'s command, what `npm start`
 * runs after its build; needs `npm run build`) and/or `source` (`node --import tsx
 * src/server/main.ts`, as `npm run dev` and the server tests run it). The figures are medians of BENCH_RUNS starts (default 3).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { compiledServerCommand } from '#tests/support/compiled-server.ts';
import { withScratchPostgres } from './support/scratch-postgres.ts';
import { percentile } from './support/stats.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const COMMANDS = {
  compiled: compiledServerCommand,
  source: () => [process.execPath, '--import', 'tsx', 'src/server/main.ts'],
} as const;
type ServerKind = keyof typeof COMMANDS;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
/** Idle after the login: timers settle, the first maintenance pass of PGlite (10 s) is not due. */
const SETTLE_MS = 3000;
const TARGETS = { postgres: 120, embedded: 200, startupPostgresMs: 2000 };

const MIB = 1024 * 1024;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Every process below `pid` (tsx's esbuild service, for one), `pid` first. */
function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    const taskDir = `/proc/${all[i]}/task`;
    if (!existsSync(taskDir)) continue;
    for (const task of readdirSync(taskDir)) {
      try {
        const children = readFileSync(`${taskDir}/${task}/children`, 'utf8').trim();
        if (children) all.push(...children.split(/\s+/).map(Number));
      } catch {
        // The task ended meanwhile.
      }
    }
  }
  return all;
}

/** RSS of one process and its anonymous (heap, wasm memory) and file-backed (code) parts. */
function memoryOf(pid: number) {
  const kib = (text: string, field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    return { comm, rss: kib(rollup, 'Rss'), anon: kib(rollup, 'Anonymous'), file: 0 };
  } catch {
    return { comm: '?', rss: 0, anon: 0, file: 0 };
  }
}

function treeMemory(pid: number) {
  const parts = processTree(pid).map(memoryOf);
  for (const part of parts) part.file = part.rss - part.anon;
  const sum = (key: 'rss' | 'anon' | 'file') => parts.reduce((total, part) => total + part[key], 0);
  return { rss: sum('rss'), anon: sum('anon'), file: sum('file'), processes: parts };
}

async function waitReady(child: ChildProcess, baseUrl: string, started: number) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await sleep(10);
    if (performance.now() - started > 120_000) throw new Error('not ready within 120 s');
  }
}

async function login(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
  const me = await fetch(`${baseUrl}/api/user`, { headers: { cookie } });
  await me.arrayBuffer();
}

/** CPU time (user + system, ms) a process has used: load-independent, unlike wall time. */
function cpuMs(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 (fields[11], fields[12] after "(comm)"), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;

interface StartFigures {
  readyMs: number;
  readyCpuMs: number;
  rss: number;
  anon: number;
  file: number;
  children: number;
}

async function measureStart(kind: ServerKind, env: Record<string, string>): Promise<StartFigures> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const [command, ...args] = COMMANDS[kind]();
  const started = performance.now();
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // The TEST MODE payment sandbox (decision 083): no payment provider configured.
      PAYMENTS_SANDBOX: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CLIENT_DIST_DIR: 'dist/client',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const readyMs = await waitReady(child, baseUrl, started);
    const readyCpuMs = cpuMs(child.pid!);
    await login(baseUrl);
    await sleep(SETTLE_MS);
    const memory = treeMemory(child.pid!);
    return {
      readyMs,
      readyCpuMs,
      rss: memory.rss,
      anon: memory.anon,
      file: memory.file,
      children: memory.processes.length - 1,
    };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

function summarise(label: string, runs: StartFigures[]) {
  const pick = (key: keyof StartFigures) =>
    percentile(
      runs.map((run) => run[key]),
      50,
    );
  return {
    label,
    readyMs: pick('readyMs'),
    readyCpuMs: pick('readyCpuMs'),
    rss: pick('rss') / MIB,
    anon: pick('anon') / MIB,
    file: pick('file') / MIB,
    children: pick('children'),
    all: runs.map((run) => (run.rss / MIB).toFixed(0)).join(' '),
  };
}

type Row = ReturnType<typeof summarise> & { kind: ServerKind; target?: number; db: string };

async function measureKind(kind: ServerKind): Promise<Row[]> {
  const rows: Row[] = [];
  await withScratchPostgres(async (databaseUrl) => {
    const runs: StartFigures[] = [];
    // The first start migrates the scratch database; the timed starts are the later ones.
    await measureStart(kind, { DATABASE_URL: databaseUrl });
    for (let i = 0; i < RUNS; i++)
      runs.push(await measureStart(kind, { DATABASE_URL: databaseUrl }));
    rows.push({ ...summarise('PostgreSQL', runs), kind, db: 'postgres', target: TARGETS.postgres });
  });
  const fresh: StartFigures[] = [];
  const later: StartFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'orbit-bench-memory-'));
    try {
      fresh.push(await measureStart(kind, { DATA_DIR: dataDir, DATABASE_URL: '' }));
      later.push(await measureStart(kind, { DATA_DIR: dataDir, DATABASE_URL: '' }));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  rows.push({ ...summarise('embedded', later), kind, db: 'embedded', target: TARGETS.embedded });
  rows.push({
    ...summarise('embedded, first start on a fresh DATA_DIR', fresh),
    kind,
    db: 'fresh',
  });
  return rows;
}

const wanted = (process.env.BENCH_SERVER ?? 'compiled,source')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is ServerKind => name in COMMANDS);
const kinds = wanted.filter((kind) => {
  if (kind === 'compiled' && !existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    console.warn(
      'dist/server/main.js is missing: run `npm run build` to measure the compiled server',
    );
    return false;
  }
  return true;
});

const loadBefore = loadavg()[0]!;
const rows: Row[] = [];
for (const kind of kinds) rows.push(...(await measureKind(kind)));

console.log(
  `\nIdle memory of the whole process tree after start + one login (+${SETTLE_MS / 1000} s), ` +
    `and spawn → /readyz; median of ${RUNS} (load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})\n`,
);
console.log(
  '| server   | database                                  | RSS MiB | anonymous | file-backed | processes | /readyz ms | CPU ms to ready | runs (MiB)   |',
);
console.log(
  '| -------- | ----------------------------------------- | ------- | --------- | ----------- | --------- | ---------- | --------------- | ------------ |',
);
for (const row of rows) {
  console.log(
    `| ${row.kind.padEnd(8)} | ${row.label.padEnd(41)} | ${row.rss.toFixed(1).padStart(7)} | ${row.anon
      .toFixed(1)
      .padStart(
        9,
      )} | ${row.file.toFixed(1).padStart(11)} | ${String(1 + row.children).padStart(9)} | ${row.readyMs
      .toFixed(0)
      .padStart(10)} | ${row.readyCpuMs.toFixed(0).padStart(15)} | ${row.all.padEnd(12)} |`,
  );
}

console.log('\nTargets (issue #16, the compiled server `npm start` runs):');
const compiled = rows.filter((row) => row.kind === 'compiled');
if (compiled.length === 0) console.log('  not checked: no compiled server measured');
for (const row of compiled) {
  if (row.db === 'postgres') {
    console.log(
      `  idle RSS on PostgreSQL ≤ ${TARGETS.postgres} MiB: ${row.rss.toFixed(1)} MiB — ${row.rss <= TARGETS.postgres ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  start-up to /readyz on PostgreSQL ≤ ${TARGETS.startupPostgresMs} ms: ${row.readyMs.toFixed(0)} ms — ${row.readyMs <= TARGETS.startupPostgresMs ? 'met' : 'NOT met'}` +
        ` (CPU to ready ${row.readyCpuMs.toFixed(0)} ms: what start-up costs whatever the load)`,
    );
  } else if (row.db === 'embedded') {
    console.log(
      `  idle RSS embedded ≤ ${TARGETS.embedded} MiB: ${row.rss.toFixed(1)} MiB — ${row.rss <= TARGETS.embedded ? 'met' : 'NOT met'}`,
    );
  }
}
const source = rows.filter((row) => row.kind === 'source');
for (const row of compiled) {
  const other = source.find((candidate) => candidate.db === row.db);
  if (!other) continue;
  console.log(
    `  ${row.label}: compiled / source RSS ${(row.rss / other.rss).toFixed(2)}×, start-up ${(row.readyMs / other.readyMs).toFixed(2)}×`,
  );
}
