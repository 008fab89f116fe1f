import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
let dist: string;
const BIG_ASSET = `export const words = ${JSON.stringify('Orbit Chat '.repeat(2000))};`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'orbit-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Orbit Chat</title>');
  writeFileSync(path.join(dist, 'assets', 'index-Bx12Yz9Q.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
  // What scripts/vite-precompress.ts writes next to a large asset.
  writeFileSync(path.join(dist, 'assets', 'vendor-Cq34Ab7Z.js'), BIG_ASSET);
  writeFileSync(path.join(dist, 'assets', 'vendor-Cq34Ab7Z.js.br'), brotliCompressSync(BIG_ASSET));
  writeFileSync(path.join(dist, 'assets', 'vendor-Cq34Ab7Z.js.gz'), gzipSync(BIG_ASSET));
  // The code runner's sandbox build (vite.runner.config.ts).
  mkdirSync(path.join(dist, 'runner', 'pyodide'), { recursive: true });
  writeFileSync(path.join(dist, 'runner', 'index.html'), '<!doctype html><title>runner</title>');
  writeFileSync(
    path.join(dist, 'runner', 'pyodide', 'pyodide.asm.wasm'),
    Buffer.from([0, 97, 115, 109]),
  );
  // The website chat widget (scripts/build-widget.ts) and its brotli twin.
  writeFileSync(path.join(dist, 'widget.js'), BIG_ASSET);
  writeFileSync(path.join(dist, 'widget.js.br'), brotliCompressSync(BIG_ASSET));
  t = await createTestApp({ CLIENT_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves index.html for the root and for any client route, never cached', async () => {
    for (const url of ['/', '/chat/abc123', '/settings?lng=en']) {
      const response = await api(t.app, { method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Orbit Chat</title>');
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await api(t.app, { method: 'GET', url: '/assets/index-Bx12Yz9Q.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await api(t.app, { method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('serves the widget script to other sites: JavaScript, cached a day, loadable cross-origin', async () => {
    for (const encoding of ['br', 'identity']) {
      const response = await t.app.inject({
        url: '/widget.js',
        headers: { 'accept-encoding': encoding, 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control']).toBe(
        'public, max-age=86400, stale-while-revalidate=604800',
      );
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    // Every other file keeps helmet's same-origin policy.
    const asset = await api(t.app, { method: 'GET', url: '/assets/index-Bx12Yz9Q.js' });
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends the precompressed twin the browser accepts, and the plain file otherwise', async () => {
    const url = '/assets/vendor-Cq34Ab7Z.js';
    const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(BIG_ASSET.length / 10);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_ASSET);

    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_ASSET);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers missing files and API paths with a 404, not with the page', async () => {
    const missingLocale = await api(t.app, { method: 'GET', url: '/locales/de/common.json' });
    expect(missingLocale.statusCode).toBe(404);
    expect(missingLocale.json()).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    const api404 = await api(t.app, { method: 'GET', url: '/api/does-not-exist' });
    expect(api404.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends the security headers', async () => {
    const response = await api(t.app, { method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const apiAnswer = await api(t.app, { method: 'GET', url: '/api/does-not-exist' });
    expect(apiAnswer.headers['content-security-policy']).toBe(csp);
    expect(apiAnswer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks API answers as not cacheable and tags them with a request id', async () => {
    const response = await api(t.app, { method: 'GET', url: '/api/does-not-exist' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('serving the code runner (decision 240)', () => {
  it('gives the runner its own policy: opaque origin, only its own files, wasm allowed', async () => {
    for (const url of ['/runner/index.html', '/runner/pyodide/pyodide.asm.wasm']) {
      const response = await api(t.app, {
        method: 'GET',
        url,
        headers: { host: 'chat.example:8080' },
      });
      expect(response.statusCode, url).toBe(200);
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toMatch(/^sandbox allow-scripts; default-src 'none';/);
      expect(csp).toContain(
        "script-src http://chat.example:8080/runner/ blob: 'unsafe-inline' 'wasm-unsafe-eval';",
      );
      // No API, no other host: the only fetches allowed are of the runner's own files.
      expect(csp).toContain('connect-src http://chat.example:8080/runner/;');
      expect(csp).toContain('frame-ancestors http://chat.example:8080');
      // The opaque origin loads these files cross-origin, without credentials.
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    const wasm = await api(t.app, { method: 'GET', url: '/runner/pyodide/pyodide.asm.wasm' });
    expect(wasm.headers['content-type']).toBe('application/wasm');
  });

  it('leaves the app its own policy, without wasm or the runner’s allowances', async () => {
    const page = await api(t.app, { method: 'GET', url: '/chat' });
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('wasm-unsafe-eval');
    expect(csp).not.toContain('sandbox');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });
});
