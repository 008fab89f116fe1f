import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The command `npm start` serves with after its build, Node flags included (package.json keeps
 * them in one place): the compiled server in dist/server/ that users run (decision 270).
 */
export function compiledServerCommand(): string[] {
  if (!existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    throw new Error('dist/server/main.js is missing: run `npm run build` first');
  }
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [node, ...args] = scripts.start!.split('&&').pop()!.trim().split(/\s+/);
  if (node !== 'node') throw new Error(`npm start serves with ${node}, not node`);
  return [process.execPath, ...args];
}
