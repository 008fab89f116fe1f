import type { FastifyRequest } from 'fastify';

/** The path with its query removed and percent-escapes decoded, as the router reads it. */
function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The path a decision is made on: the matched route's pattern (`/api/conversations/:id`), or for
 * an unmatched request its decoded path. Never the raw `request.url`: the router decodes
 * `/%61pi/logout` to the logout route, so a check on the raw URL would let it skip every
 * `/api` defence (issue 15 item 5).
 */
export function routePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}

export function isApiRequest(request: FastifyRequest): boolean {
  const path = routePath(request);
  return path === '/api' || path.startsWith('/api/');
}
