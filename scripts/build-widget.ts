/**
 * Builds the website chat widget (src/client/widget/, decision 285) into dist/client/widget.js:
 * one classic, dependency-free, minified script that brands embed on their own sites, with its
 * brotli and gzip twins for the static server (src/server/http/static-client.ts). It runs after
 * the app's `vite build` (which empties dist/client) so the PWA never precaches it.
 *
 *   node --import tsx scripts/build-widget.ts      (part of `npm run build`)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_FILE = path.join(ROOT, 'dist/client/widget.js');

const result = await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/client/widget/widget.ts'],
  outfile: OUT_FILE,
  bundle: true,
  // A classic script: `document.currentScript` (its data-* attributes) exists only there.
  format: 'iife',
  platform: 'browser',
  target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
  minify: true,
  legalComments: 'none',
  write: false,
  logLevel: 'warning',
});

const code = result.outputFiles[0]!.contents;
const [br, gz] = await Promise.all([
  promisify(brotliCompress)(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  promisify(gzip)(code, { level: 9 }),
]);
await Promise.all([
  writeFile(OUT_FILE, code),
  writeFile(`${OUT_FILE}.br`, br),
  writeFile(`${OUT_FILE}.gz`, gz),
]);
console.log(
  `widget built into ${path.relative(ROOT, OUT_FILE)}: ${(code.length / 1024).toFixed(1)} KiB, ${(br.length / 1024).toFixed(1)} KiB brotli`,
);
