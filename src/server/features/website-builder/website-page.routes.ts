import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import { attachmentDisposition } from '#server/http/content-disposition.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { BinaryBodySchema, NoContentSchema, TextBodySchema } from '#shared/api/api-schemas.ts';
import { WebsiteParamsSchema } from '#shared/codehub/website-builder-schemas.ts';
import { forbidden } from '#shared/errors/app-error.ts';
import { SITE_FRAME_CSP, siteFrameHtml, viewDestination } from './site-frame.ts';
import * as sites from './websites.service.ts';

/**
 * A generated page is never an active document of the app's origin (decision 249): served with
 * a CSP sandbox without allow-same-origin, it runs on an opaque origin (no cookies, storage or
 * API), may run its own inline script and style, and loads nothing from anywhere.
 */
export const SITE_CSP = [
  'sandbox allow-scripts',
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  'media-src data: blob:',
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

const fileName = (name: string) => `${name.trim() || 'website'}.html`;

/** A built site as its owner and, when public, everyone sees it: framed, whole-window, file, picture. */
export function registerWebsitePageRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: 'user' } as const;

  api.get(
    '/api/codehub/websites/:projectId/screenshot',
    {
      config: access,
      schema: {
        params: WebsiteParamsSchema,
        response: {
          200: {
            description: 'The PNG screenshot of the first screen',
            content: { 'image/png': { schema: BinaryBodySchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const png = await sites.readScreenshot(
        ctx,
        requireUser(request).id,
        request.params.projectId,
      );
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(png);
    },
  );

  // The site document only inside a frame; opened as a page, the page that frames it (decision 327).
  api.get(
    '/api/codehub/websites/:projectId/view',
    {
      config: access,
      schema: {
        params: WebsiteParamsSchema,
        response: {
          200: {
            description:
              'The page, sandboxed (Content-Security-Policy: sandbox allow-scripts), to an iframe only',
            content: { 'text/html': { schema: TextBodySchema } },
          },
          303: NoContentSchema.meta({
            description: 'Opened as a page: to `full`, which frames it',
          }),
        },
      },
    },
    async (request, reply) => {
      const site = await sites.readableSite(ctx, requireUser(request).id, request.params.projectId);
      void reply.header('vary', 'Sec-Fetch-Dest');
      const destination = viewDestination(request.headers['sec-fetch-dest']);
      if (destination === 'document') return reply.redirect('full', 303);
      if (destination !== 'frame') throw forbidden('A site is shown only inside its frame');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', SITE_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(site.html);
    },
  );

  api.get(
    '/api/codehub/websites/:projectId/full',
    {
      config: access,
      schema: {
        params: WebsiteParamsSchema,
        response: {
          200: {
            description: 'A page that frames the site (the view) over the whole window',
            content: { 'text/html': { schema: TextBodySchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const site = await sites.readableSite(ctx, requireUser(request).id, request.params.projectId);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', SITE_FRAME_CSP)
        .header('referrer-policy', 'no-referrer')
        .send(siteFrameHtml(site.name));
    },
  );

  api.get(
    '/api/codehub/websites/:projectId/download',
    {
      config: { access: 'user', rateLimit: 'export' },
      schema: {
        params: WebsiteParamsSchema,
        response: {
          200: {
            description: 'The page as a file (Content-Disposition: attachment)',
            content: { 'text/html': { schema: TextBodySchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const site = await sites.readableSite(ctx, requireUser(request).id, request.params.projectId);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', attachmentDisposition(fileName(site.name)))
        .header('content-security-policy', SITE_CSP)
        .send(site.html);
    },
  );
}
