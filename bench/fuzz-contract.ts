/**
 * The contract fuzz of tests/server/fuzz-contract.test.ts, run long: many more generated
 * requests on each database, every kind of problem listed instead of stopping at the first.
 *
 *   npm run bench -- fuzz-contract
 *   FUZZ_RUNS=50000 FUZZ_SECONDS=1800 FUZZ_SEED=42 npm run bench -- fuzz-contract
 *
 * PostgreSQL runs too when TEST_DATABASE_URL is set (as for the test suite).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const env = {
  ...process.env,
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '20000',
  FUZZ_SECONDS: process.env.FUZZ_SECONDS ?? '600',
  FUZZ_SEED: process.env.FUZZ_SEED ?? String(Date.now() % 1_000_000),
  FUZZ_COLLECT: '1',
};
const projects = ['server-pglite', ...(process.env.TEST_DATABASE_URL ? ['server-pg'] : [])];
let failed = 0;
for (const project of projects) {
  console.log(
    `\n${project}: up to ${env.FUZZ_RUNS} requests or ${env.FUZZ_SECONDS} s, seed ${env.FUZZ_SEED}`,
  );
  const started = Date.now();
  const result = spawnSync(
    path.resolve(import.meta.dirname, '../node_modules/.bin/vitest'),
    ['run', '--project', project, 'tests/server/fuzz-contract.test.ts'],
    { stdio: 'inherit', env },
  );
  console.log(
    `${project}: ${result.status === 0 ? 'no problem found' : 'PROBLEMS FOUND'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
