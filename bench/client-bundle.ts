/**
 * Initial JavaScript of the web app (issue #4 budget: ≤ 150 KB gzip for `/` and `/chat`).
 * Builds the client, then follows Vite's manifest from index.html: the entry and its static
 * imports (with German's common texts, the fallback language's), the page chunk the route loads
 * lazily with its imports, the German translation files its first screen reads, and the service-worker
 * registration that starts right after the first render. Each file is counted once, gzip level 9.
 *
 *   npm run bench -- client-bundle
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist/client');
const BUDGET_KB = 150;

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const build = spawnSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) throw new Error('vite build failed');

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

function gzipKb(file: string) {
  return gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length / 1024;
}

/** A chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const PWA_REGISTER = Object.keys(manifest).find((key) => key.endsWith('virtual:pwa-register'));
// German's common texts are part of the entry (src/client/lib/i18n.ts).
const SHELL = ['index.html', ...(PWA_REGISTER ? [PWA_REGISTER] : [])];

/** Each route's page chunk and the German namespaces its first screen reads. */
const ROUTES: Record<string, string[]> = {
  '/': ['src/client/features/marketing/home-page.tsx', 'src/client/locales/de/pages.json'],
  '/chat': [
    'src/client/features/chat/chat-page.tsx',
    'src/client/locales/de/chat.json',
    'src/client/locales/de/messages.json',
    'src/client/locales/de/composer.json',
  ],
};

const rows: string[] = [];
let worst = 0;
for (const [route, lazy] of Object.entries(ROUTES)) {
  const keys = new Set<string>();
  for (const key of [...SHELL, ...lazy]) closure(key, keys);
  // The workbox-window chunk is the registration's dynamic import, loaded at once.
  for (const key of Object.keys(manifest)) if (key.includes('workbox-window')) closure(key, keys);
  const files = [...keys].map((key) => manifest[key]!.file);
  const js = files.reduce((sum, file) => sum + gzipKb(file), 0);
  const css = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))].reduce(
    (sum, file) => sum + gzipKb(file),
    0,
  );
  worst = Math.max(worst, js);
  rows.push(`| \`${route}\` | ${files.length} | ${js.toFixed(1)} | ${css.toFixed(1)} |`);
}

console.log('| route | JS files | JS KB gzip | CSS KB gzip |');
console.log('|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `\nbudget ${BUDGET_KB} KB gzip: largest ${worst.toFixed(1)} KB = ${((worst / BUDGET_KB) * 100).toFixed(0)} % of budget`,
);
process.exitCode = worst <= BUDGET_KB ? 0 : 1;
