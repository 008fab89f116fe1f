import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#shared/errors/app-error.ts';
import { isApiRequest } from './request-path.ts';

/** The host name of a Host header value (`[::1]:5000` → `::1`), or null when it is not one. */
function hostName(host: string): string | null {
  try {
    const name = new URL(`http://${host}`).hostname.toLowerCase();
    return name.startsWith('[') ? name.slice(1, -1) : name;
  } catch {
    return null;
  }
}

/**
 * DNS rebinding defence (issue 15 item 5): a page on attacker.example can make its own name
 * resolve to this server and then call the API same-origin. The browser still sends
 * `Host: attacker.example`, so API requests must name a host we serve: one of PUBLIC_URL's, an IP
 * address, or localhost (neither of which an attacker's page can be served from). Only /api is
 * checked: the web app's files reveal nothing, and health probes often use an internal name.
 */
export function registerHostCheck(app: FastifyInstance, publicUrls: readonly string[]) {
  const known = new Set(publicUrls.map((url) => new URL(url).hostname.toLowerCase()));
  const isKnown = (name: string) =>
    known.has(name) || isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost');

  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    // HTTP/1.0 without Host: no browser sends that, so no rebinding page can either.
    if (request.host === '') return;
    const name = hostName(request.host);
    if (name !== null && isKnown(name)) return;
    throw new AppError(
      'PERMISSION_ERROR',
      421,
      'This server does not answer for that host name; its administrator can add it to PUBLIC_URL',
    );
  });
}
