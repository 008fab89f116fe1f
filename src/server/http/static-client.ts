import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, notFound } from '#shared/errors/app-error.ts';
import { isApiRequest, routePath } from './request-path.ts';
import { RUNNER_PATH, setRunnerHeaders } from './runner-headers.ts';

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.\w+$/;
/** The website chat widget (scripts/build-widget.ts) and its precompressed twins. */
const WIDGET_SCRIPT = /^widget\.js(\.br|\.gz)?$/;

const isWidgetScript = (root: string, filePath: string) =>
  path.dirname(filePath) === root && WIDGET_SCRIPT.test(path.basename(filePath));

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, text
 * files precompressed (brotli or gzip as the browser accepts),
 * and any non-API path without a file answered with index.html (client-side routing).
 * Missing files with an extension (e.g. a locale JSON) stay 404 rather than becoming HTML.
 */
export async function registerStaticClient(app: FastifyInstance, distDir: string) {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const runnerRoot = path.join(root, RUNNER_PATH);
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'client build not found; run `npm run build` to serve the web app');
  }

  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    // The build writes .br/.gz twins (scripts/vite-precompress.ts); sent when the client accepts.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      if (filePath.startsWith(runnerRoot)) setRunnerHeaders(reply);
      if (isWidgetScript(root, filePath)) {
        // One URL that brands paste into their sites, so not immutable: a day, then revalidated
        // (ETag) in the background for a week. Other sites load it with <script src>, which
        // helmet's same-origin Cross-Origin-Resource-Policy would block.
        void reply.header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
        void reply.header('cross-origin-resource-policy', 'cross-origin');
        return;
      }
      void reply.header(
        'cache-control',
        HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  let indexHtml: Buffer | undefined;
  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml && !existsSync(indexFile)) {
      const error = new AppError(
        'SERVER_ERROR',
        503,
        'The web app is not built: run `npm run build`',
      );
      return reply.status(503).send(error.toEnvelope());
    }
    indexHtml ??= readFileSync(indexFile);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  };

  // The static wildcard would answer the bare directory with 403.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = routePath(request);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiRequest(request) &&
      path.extname(pathname) === '';
    if (!wantsPage) {
      const error = notFound(`Route ${request.method} ${pathname} not found`);
      return reply.status(404).send(error.toEnvelope());
    }
    return sendIndex(reply);
  });
}
