import type { FastifyInstance, FastifyReply } from 'fastify';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';

/**
 * Below this a gzip answer saves less than its own header and a round of compression costs more
 * than the bytes it saves: one TCP segment carries it either way.
 */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Up to this size an answer is compressed at once on the event loop (0.04 ms for a page of 50
 * messages, about 0.3 ms at the limit): one compressor at a time, where many concurrent ones on
 * the thread pool fragment memory. A larger answer (an export in JSON) goes to the thread pool,
 * so it never stalls the streams.
 */
const COMPRESS_INLINE_MAX_BYTES = 32 * 1024;

const gzipAsync = promisify(gzip);

/**
 * Whether the client takes gzip (RFC 9110 §12.5.3): named, or `*`, with a non-zero weight. An
 * explicit `gzip;q=0` refuses it even when `*` is accepted.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((token) => token.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith('q='));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard;
}

function addVary(reply: FastifyReply, header: string) {
  const current = reply.getHeader('vary');
  const names = [current ?? []]
    .flat()
    .flatMap((value) => String(value).split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name.toLowerCase() === header.toLowerCase() || name === '*')) return;
  void reply.header('vary', [...names, header].join(', '));
}

/**
 * JSON answers of 1 KB and more go gzipped to clients that accept it: the personas list, message
 * pages and conversation lists shrink to a half to a tenth on a phone's connection (decision 302).
 * gzip at its default level: brotli made these answers only a few percent smaller, for up to three
 * times the CPU (docs/PERFORMANCE.md). Event streams are written on hijacked replies and never pass here;
 * downloads and static files are not JSON (the build precompresses the client's files).
 */
export function registerJsonCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    addVary(reply, 'Accept-Encoding');
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES || !acceptsGzip(request.headers['accept-encoding'])) {
      return payload;
    }
    const body = size <= COMPRESS_INLINE_MAX_BYTES ? gzipSync(payload) : await gzipAsync(payload);
    void reply.header('content-encoding', 'gzip');
    return body;
  });
}
