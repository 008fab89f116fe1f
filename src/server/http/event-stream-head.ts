import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends the head of a Server-Sent Events answer on a hijacked reply, keeping the headers its
 * hooks set; proxies are told not to buffer or cache it. Returns the raw response to write to.
 */
export function writeEventStreamHead(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string> = {},
) {
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...headers,
    'x-request-id': request.id,
  });
  return res;
}
