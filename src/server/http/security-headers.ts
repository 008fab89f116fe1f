import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** CSP without inline scripts, nosniff, no framing, a strict referrer policy. */
const policy = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React sets style attributes (e.g. the virtual list's offsets); no inline <style> blocks.
      styleSrc: ["'self'"],
      styleSrcAttr: ["'unsafe-inline'"],
      // Remote images in replies load only over https, and only after the user asks to see them
      // (the client's click-to-show); plain http is never allowed (issue 15 item 8).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      // No <base> at all: an injected one would re-point every relative URL (issue 15 item 7).
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  // Plain-http self-hosting must keep working; HSTS belongs to the TLS terminator.
  strictTransportSecurity: false,
});

/**
 * Helmet's headers, worked out once: they depend on nothing in the request (no CSP nonces), and
 * running the middleware on every request cost ≈ 70 µs of the chat's first token
 * (bench/chat-stream.ts).
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  // helmet() has validated the options already; its middleware only sets headers.
  policy({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
