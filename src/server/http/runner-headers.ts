import type { FastifyReply } from 'fastify';

/** Where the code runner's sandbox page and its engines are served (vite.runner.config.ts). */
export const RUNNER_PATH = '/runner/';

/**
 * The runner's headers (decision 240), in place of the app's. `sandbox allow-scripts` gives the
 * page an opaque origin even when it is opened on its own, so it has no cookie, storage or
 * credentialed request of the app. Scripts and fetches may come only from the runner's own files
 * (Pyodide and PGlite included), never from the API or another host; 'unsafe-inline' is for the
 * HTML preview the user writes (a nested srcdoc inherits this policy) and 'wasm-unsafe-eval' for
 * Pyodide and PGlite — neither is in the app's policy. The opaque origin fetches these files
 * cross-origin: CORS `*` (no credentials) and a cross-origin resource policy let it.
 */
export function runnerContentSecurityPolicy(origin: string): string {
  const own = `${origin}${RUNNER_PATH}`;
  return [
    'sandbox allow-scripts',
    "default-src 'none'",
    `script-src ${own} blob: 'unsafe-inline' 'wasm-unsafe-eval'`,
    `style-src ${own} 'unsafe-inline'`,
    'img-src data: blob:',
    'font-src data:',
    'media-src data: blob:',
    `connect-src ${own}`,
    'worker-src blob:',
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${origin}`,
  ].join('; ');
}

export function setRunnerHeaders(reply: FastifyReply) {
  const origin = `${reply.request.protocol}://${reply.request.host}`;
  void reply.headers({
    'content-security-policy': runnerContentSecurityPolicy(origin),
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  });
  void reply.removeHeader('x-frame-options');
  // The app's pages ask for an origin-keyed agent cluster; an opaque origin cannot be keyed to
  // the app's, and Chromium warns on every load when it is asked.
  void reply.removeHeader('origin-agent-cluster');
}
