import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt|map)$/;
/** Below this, the encoding header costs about what compression saves. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string, skip: string[]): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && skip.includes(full)) continue;
    if (entry.isDirectory()) yield* filesUnder(full, skip);
    else yield full;
  }
}

/**
 * Writes `.br` and `.gz` twins of every text file of the client build, at maximum quality once
 * at build time, so the server (src/server/http/static-client.ts, `preCompressed`) sends them
 * without compressing per request and without a proxy in front.
 */
export function precompress(
  options: {
    skipDirs?: string[];
    /**
     * Large binaries that compress well (WebAssembly): a gzip twin only, since brotli at its
     * maximum quality would add minutes to the build for tens of MB.
     */
    gzipOnly?: RegExp;
  } = {},
): Plugin {
  let outDir = '';
  return {
    name: 'orbit-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const writes: Promise<void>[] = [];
      // A folder another build writes (and compresses) while this hook runs: see vite.config.ts.
      const skip = (options.skipDirs ?? []).map((dir) => path.join(outDir, dir));
      for await (const file of filesUnder(outDir, skip)) {
        if (options.gzipOnly?.test(file)) {
          const content = await readFile(file);
          writes.push(
            gzipAsync(content, { level: 9 }).then((compressed) =>
              writeFile(`${file}.gz`, compressed),
            ),
          );
          continue;
        }
        if (!COMPRESSIBLE.test(file)) continue;
        const content = await readFile(file);
        if (content.length < MIN_BYTES) continue;
        writes.push(
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }).then((compressed) => writeFile(`${file}.br`, compressed)),
          gzipAsync(content, { level: 9 }).then((compressed) =>
            writeFile(`${file}.gz`, compressed),
          ),
        );
      }
      await Promise.all(writes);
    },
  };
}
