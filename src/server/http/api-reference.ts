import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TextBodySchema } from '#shared/api/api-schemas.ts';

/**
 * GET /api/docs: the OpenAPI document rendered by Swagger UI, whose build @fastify/swagger-ui
 * ships. Its plugin is not registered: its routes cannot declare `config.access`, which every
 * /api route must (access.ts). The page has no inline script, so the CSP's `script-src 'self'`
 * holds (docs/decisions/050-openapi-document.md).
 */

const SWAGGER_UI_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
  'static',
);

/** Starts Swagger UI on the document; "Try it out" sends the CSRF header the API requires. */
const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    // Tags start collapsed: with every tag open at once Swagger UI 5 stopped rendering after a
    // few operations once the omnichannel routes joined; each tag renders fully when opened.
    docExpansion: 'none',
    layout: 'BaseLayout',
    validatorUrl: null,
    requestInterceptor: function (request) {
      request.headers['X-Requested-With'] = 'XMLHttpRequest';
      return request;
    },
  });
});
`;

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Orbit Chat API</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/reference.js"></script>
</body>
</html>
`;

const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'reference.js': 'application/javascript; charset=utf-8',
} as const;
type Asset = keyof typeof ASSETS;
const ASSET_NAMES = Object.keys(ASSETS) as [Asset, ...Asset[]];

const text = (type: string) => ({ [type.split(';')[0]!]: { schema: TextBodySchema } });

export function registerApiReference(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/docs',
    {
      config: { access: 'public' },
      schema: {
        summary: 'This reference page',
        response: { 200: { description: 'The page', content: text('text/html') } },
      },
    },
    (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE),
  );

  api.get(
    '/api/docs/:asset',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A script or style sheet of the reference page',
        params: z.object({ asset: z.enum(ASSET_NAMES) }),
        response: {
          200: {
            description: 'The file',
            content: { ...text(ASSETS['swagger-ui.css']), ...text(ASSETS['reference.js']) },
          },
        },
      },
    },
    (request, reply) => {
      const { asset } = request.params;
      void reply.type(ASSETS[asset]);
      if (asset === 'reference.js') return reply.send(INITIALIZER);
      return reply.send(createReadStream(path.join(SWAGGER_UI_DIR, asset)));
    },
  );
}
