/**
 * Compiles the server into dist/server/ (decision 270): one ESM bundle of src/server/main.ts and
 * one per worker thread (src/server/threads.ts), split into shared chunks so that modules loaded
 * on first use (`import()`) stay out of the start-up code. The `#server/…` and `#shared/…` imports
 * are resolved through package.json "imports", the one import map. Packages in node_modules stay
 * external: Node loads them as it would from source, so native addons (argon2), PGlite's
 * WebAssembly and data files and the fonts keep their own paths.
 *
 *   node --import tsx scripts/build-server.ts      (part of `npm run build`)
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { WORKER_ENTRIES } from '../src/server/threads.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'dist/server');

const entryPoints: Record<string, string> = { main: 'src/server/main.ts' };
for (const [name, source] of Object.entries(WORKER_ENTRIES)) {
  entryPoints[name] = `src/server/${source}`;
}

await rm(OUT_DIR, { recursive: true, force: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints,
  outdir: OUT_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  // Flat: src/server/project-root.ts relies on every output file being two levels below the root.
  chunkNames: 'chunks-[hash]',
  sourcemap: 'linked',
  // Stack traces name our source files (node --enable-source-maps is not needed to read them).
  sourcesContent: false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

/**
 * Packages only some requests need: imported with `await import()` where they are used, so an
 * idle server does not hold them (decision 270; playwright-core alone is ~85 MiB, yjs ~10).
 * The build fails when start-up code imports one statically, directly or through a chunk.
 */
const LOADED_ON_FIRST_USE = [
  'playwright-core',
  'nodemailer',
  'ioredis',
  'gpt-tokenizer',
  'ai',
  '@ai-sdk/openai',
  '@ai-sdk/anthropic',
  '@ai-sdk/perplexity',
  'yjs',
  'y-protocols',
  'lib0',
];
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const startup = new Set<string>();
const eager: string[] = [];
const visit = (file: string) => {
  if (startup.has(file)) return;
  startup.add(file);
  for (const edge of result.metafile.outputs[file]?.imports ?? []) {
    if (edge.kind !== 'import-statement') continue;
    if (!edge.external) visit(edge.path);
    else if (LOADED_ON_FIRST_USE.includes(packageOf(edge.path)))
      eager.push(`${file} → ${edge.path}`);
  }
};
visit(path.relative(ROOT, path.join(OUT_DIR, 'main.js')));
if (eager.length > 0) {
  throw new Error(`Loaded at start-up, but meant for first use:\n${eager.join('\n')}`);
}

const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const total = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `server built into ${path.relative(ROOT, OUT_DIR)}/: ${outputs.length} files, ${(total / 1024).toFixed(0)} KiB`,
);
