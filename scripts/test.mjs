// `npm test`: every test suite once, on a fresh Debian machine too. Gets PostgreSQL, nginx and
// Chromium ready (installing them with apt-get when it can), builds client and server for the e2e run,
// runs Vitest (unit, server on PGlite, server on PostgreSQL) and Playwright, and ends with the plain
// line `N passed, N failed` that CI reads (STACK-NOTES.md). Exit code 0 only when nothing failed.
//
//   node scripts/test.mjs                 everything
//   node scripts/test.mjs --only unit     unit, client components, server suites on PGlite
//   node scripts/test.mjs --only pg       server suites on PostgreSQL
//   node scripts/test.mjs --only e2e      client build + Playwright
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT_DIR = path.join(ROOT, '.test-data');
const VITEST_REPORT = path.join(REPORT_DIR, 'vitest.json');
// Written by the json reporter configured in playwright.config.ts.
const PLAYWRIGHT_REPORT = path.join(REPORT_DIR, 'playwright.json');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// tests/server/deploy-nginx.test.ts runs Debian's nginx with docs/deploy's example configuration.
const NGINX_PATH = '/usr/sbin/nginx';
const PARTS = ['unit', 'pg', 'e2e'];

const totals = { passed: 0, failed: 0 };
const problems = [];
/** Tests that passed only on a retry: not failures, but named so they are looked into. */
const flaky = [];

function fail(message) {
  totals.failed += 1;
  problems.push(message);
  console.log(`\n[test] ${message}`);
}

function log(message) {
  console.log(`[test] ${message}`);
}

function parseArgs(argv) {
  const index = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index === -1) return PARTS;
  const value = argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1];
  if (!PARTS.includes(value)) {
    throw new Error(`usage: node scripts/test.mjs [--only ${PARTS.join('|')}]`);
  }
  return [value];
}

/** Runs a command with inherited output; resolves with its exit code (never rejects). */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', (error) => {
      console.log(`[test] cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

const isRoot = process.getuid?.() === 0;
const canSudo = !isRoot && hasCommand('sudo') && spawnSync('sudo', ['-n', 'true']).status === 0;

/** Runs a command as root (directly, or through password-less sudo); null when impossible. */
async function runAsRoot(command, args) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (isRoot) return run(command, args, env);
  if (canSudo) return run('sudo', ['-n', '--preserve-env=DEBIAN_FRONTEND', command, ...args], env);
  return null;
}

async function aptInstall(pkg) {
  if (!hasCommand('apt-get')) return `apt-get is not available to install ${pkg}`;
  log(`installing ${pkg} with apt-get …`);
  const update = await runAsRoot('apt-get', ['update']);
  if (update === null) return `installing ${pkg} needs root or password-less sudo`;
  const install = await runAsRoot('apt-get', ['install', '-y', pkg]);
  return install === 0 ? null : `apt-get install ${pkg} failed (exit ${install})`;
}

// ---------------------------------------------------------------- PostgreSQL

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function isLocalHost(hostname) {
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(hostname);
}

function clusterVersions() {
  return existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').sort() : [];
}

/** pg_isready when the client tools exist; otherwise whether the port accepts a connection. */
async function isAnswering({ hostname, port }) {
  const host = hostname.replace(/^\[|\]$/g, '');
  const portNumber = Number(port || 5432);
  if (hasCommand('pg_isready')) {
    return spawnSync('pg_isready', ['-q', '-h', host, '-p', String(portNumber)]).status === 0;
  }
  return new Promise((resolve) => {
    const socket = connect({ host, port: portNumber, timeout: 1000 });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

async function waitUntilAnswering(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await isAnswering(url)) return true;
    await sleep(250);
  }
  return false;
}

/**
 * A freshly installed Debian cluster asks for passwords on 127.0.0.1; this throwaway machine's
 * test URL has none, so local TCP connections are trusted (only for a cluster we installed).
 */
function trustLocalConnections(version) {
  const file = `/etc/postgresql/${version}/main/pg_hba.conf`;
  const rules =
    '# Added by scripts/test.mjs on a CI machine where it installed PostgreSQL.\n' +
    'host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n';
  writeFileSync(file, rules + readFileSync(file, 'utf8'));
}

/** Returns an error message, or null when TEST_DATABASE_URL's server answers and its database exists. */
async function preparePostgres(databaseUrl) {
  const url = new URL(databaseUrl);
  if (!(await isAnswering(url))) {
    if (!isLocalHost(url.hostname)) {
      return `PostgreSQL at ${url.host} does not answer; start it or fix TEST_DATABASE_URL`;
    }
    let installedNow = false;
    if (clusterVersions().length === 0) {
      if (!isRoot && !canSudo) {
        return 'PostgreSQL is not installed; install it (apt-get install postgresql) or run as root';
      }
      const error = await aptInstall('postgresql');
      if (error) return error;
      installedNow = true;
    }
    for (const version of clusterVersions()) {
      if (installedNow && isRoot) trustLocalConnections(version);
      log(`starting PostgreSQL ${version} …`);
      const cluster = ['--skip-systemctl-redirect', version, 'main'];
      // A non-zero exit here may just mean "already running"; readiness is checked below.
      const code = await runAsRoot('pg_ctlcluster', [...cluster, 'start']);
      if (code === null) {
        return 'PostgreSQL is down and starting it needs root or password-less sudo';
      }
      if (installedNow) await runAsRoot('pg_ctlcluster', [...cluster, 'reload']);
    }
    if (!(await waitUntilAnswering(url, 30))) {
      return `PostgreSQL did not come up on ${url.host} within 30 s`;
    }
  }

  const name = decodeURIComponent(url.pathname.slice(1));
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      log(`creating database ${name}`);
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    }
    return null;
  } catch (error) {
    return `cannot use PostgreSQL at ${url.host} as ${url.username || 'the current user'}: ${error.message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Backups of PostgreSQL run pg_dump, pg_restore and psql (src/server/features/backups): Debian's
 * postgresql-client, installed when missing.
 */
async function preparePgClient() {
  if (hasCommand('pg_dump') && hasCommand('pg_restore') && hasCommand('psql')) return null;
  log('pg_dump, pg_restore or psql not found');
  const error = await aptInstall('postgresql-client');
  if (error) return `the PostgreSQL client tools are missing and ${error}`;
  return hasCommand('pg_dump')
    ? null
    : 'postgresql-client was installed but pg_dump is still missing';
}

// ---------------------------------------------------------------- Chromium

async function prepareChromium() {
  if (existsSync(CHROMIUM_PATH)) return null;
  log(`${CHROMIUM_PATH} not found`);
  const error = await aptInstall('chromium');
  if (error) return `Chromium is missing (${CHROMIUM_PATH}) and ${error}`;
  return existsSync(CHROMIUM_PATH)
    ? null
    : `Chromium was installed but ${CHROMIUM_PATH} still does not exist (check CHROMIUM_PATH)`;
}

// ---------------------------------------------------------------- nginx

async function prepareNginx() {
  if (existsSync(NGINX_PATH)) return null;
  log(`${NGINX_PATH} not found`);
  const error = await aptInstall('nginx');
  if (error) return `nginx is missing (${NGINX_PATH}) and ${error}`;
  return existsSync(NGINX_PATH) ? null : `nginx was installed but ${NGINX_PATH} does not exist`;
}

// ---------------------------------------------------------------- runners

function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function addCounts(runner, code, counts) {
  if (!counts) {
    fail(`${runner} ended (exit ${code}) without writing its report`);
    return;
  }
  let { passed, failed } = counts;
  // A crash, an unhandled error or a broken config fails the run even when no test failed.
  if (code !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  log(`${runner}: ${passed} passed, ${failed} failed`);
}

async function runVitest(projects, env) {
  rmSync(VITEST_REPORT, { force: true });
  const args = [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${VITEST_REPORT}`,
  ];
  for (const project of projects) args.push('--project', project);
  const code = await run(path.join(ROOT, 'node_modules/.bin/vitest'), args, env);
  const report = readReport(VITEST_REPORT);
  const counts = report && {
    passed: report.numPassedTests,
    // Files that fail to load have no failed tests of their own: count each such file once.
    failed:
      report.numFailedTests +
      report.testResults.filter(
        (file) =>
          file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
      ).length,
  };
  addCounts('Vitest', code, counts);
  // Named again at the end, where CI's short tail of the log still shows them.
  for (const file of report?.testResults ?? []) {
    const name = path.relative(ROOT, file.name);
    const failedTests = file.assertionResults.filter((t) => t.status === 'failed');
    if (file.status === 'failed' && failedTests.length === 0)
      problems.push(`failed to load: ${name}`);
    for (const t of failedTests) problems.push(`failed: ${name} › ${t.fullName}`);
  }
}

async function runPlaywright(env) {
  rmSync(PLAYWRIGHT_REPORT, { force: true });
  const code = await run(path.join(ROOT, 'node_modules/.bin/playwright'), ['test'], env);
  const report = readReport(PLAYWRIGHT_REPORT);
  const counts = report && {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + (report.errors?.length ?? 0),
  };
  addCounts('Playwright', code, counts);
  for (const title of playwrightTestsWith('unexpected', report?.suites ?? []))
    problems.push(`failed: ${title}`);
  for (const title of playwrightTestsWith('flaky', report?.suites ?? []))
    flaky.push(`passed on its retry: ${title}`);
}

/** Titles of the Playwright tests whose final outcome is `status` ('unexpected': failed). */
function playwrightTestsWith(status, suites, prefix = '') {
  return suites.flatMap((suite) => {
    const here =
      suite.file && !prefix ? suite.file : [prefix, suite.title].filter(Boolean).join(' › ');
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.some((t) => t.status === status) ? [`${here} › ${spec.title}`] : [],
    );
    return [...own, ...playwrightTestsWith(status, suite.suites ?? [], here)];
  });
}

async function main() {
  const parts = parseArgs(process.argv.slice(2));
  mkdirSync(REPORT_DIR, { recursive: true });
  const env = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;

  if (parts.includes('pg')) {
    env.TEST_DATABASE_URL ||= DEFAULT_DATABASE_URL;
    const error = await preparePostgres(env.TEST_DATABASE_URL);
    if (error) {
      fail(`PostgreSQL suites skipped: ${error}`);
      delete env.TEST_DATABASE_URL;
    }
    const clientError = env.TEST_DATABASE_URL ? await preparePgClient() : null;
    // Not counted here: the backup tests on PostgreSQL fail and say why.
    if (clientError) log(`the PostgreSQL backup tests will fail: ${clientError}`);
  }

  // The server suites (on PGlite and on PostgreSQL) include the nginx deployment test.
  if (parts.includes('unit') || parts.includes('pg')) {
    const error = await prepareNginx();
    // Not counted here: the test itself fails and says why.
    if (error) log(`the nginx deployment test will fail: ${error}`);
  }

  // The website builder's server tests render pages in Chromium too, so a fresh machine gets it
  // before the first suite, not only before the e2e run.
  const chromiumError = await prepareChromium();
  if (chromiumError) log(`the tests that render in Chromium will fail: ${chromiumError}`);

  const projects = [];
  if (parts.includes('unit')) projects.push('unit', 'client', 'server-pglite');
  if (parts.includes('pg') && env.TEST_DATABASE_URL) projects.push('server-pg');
  if (projects.length > 0) {
    // All parts: no filter, so every Vitest project runs (server-pg exists only with the URL).
    await runVitest(parts.length === PARTS.length ? [] : projects, env);
  }

  if (parts.includes('e2e')) {
    if (chromiumError) {
      fail(`e2e tests skipped: ${chromiumError}`);
    } else if ((await run('npm', ['run', 'build'], env)) !== 0) {
      // The client and the compiled server the e2e suite runs (tests/e2e/support/e2e-server.ts).
      fail('e2e tests skipped: the build failed');
    } else {
      await runPlaywright(env);
    }
  }
}

try {
  await main();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (flaky.length > 0) console.log(`\n[test] flaky:\n${flaky.map((f) => `  - ${f}`).join('\n')}`);
if (problems.length > 0) {
  // CI shows only the log's tail: a wave of failures is cut to its first names.
  const shown = problems.slice(0, 40).map((p) => `  - ${p}`);
  if (problems.length > 40) shown.push(`  … and ${problems.length - 40} more above`);
  console.log(`\n[test] problems:\n${shown.join('\n')}`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = totals.failed > 0 ? 1 : 0;
