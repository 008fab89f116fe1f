import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The command of `npm run serve`, Node flags included: the compiled server in dist/server/ that
 * users run (decision 270). `npm start` runs the same command itself after its build (not through
 * `npm run serve`, which would add a second npm process to the server's memory); this checks the
 * two agree.
 */
export function compiledServerCommand(): string[] {
  if (!existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    throw new Error('dist/server/main.js is missing: run `npm run build` first');
  }
  return [process.execPath, ...serveArgs()];
}

/** The Node flags users' servers run with (`npm run serve`'s, e.g. the young generation's size). */
export function servedNodeFlags(): string[] {
  return serveArgs().filter((arg) => arg.startsWith('--'));
}

function serveArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const serve = scripts.serve!.trim();
  if (scripts.start!.split('&&').pop()!.trim() !== serve) {
    throw new Error('package.json: `npm start` must serve with the command of `npm run serve`');
  }
  const [node, ...args] = serve.split(/\s+/);
  if (node !== 'node') throw new Error(`npm run serve runs ${node}, not node`);
  return args;
}
