import { Writable } from 'node:stream';
import type { RouteOptions } from 'fastify';
import { loggerOptions } from '#server/app.ts';
import { createTestApp, type TestContext } from './test-app.ts';

export interface InstrumentedTestContext extends TestContext {
  /** Everything the app logged so far, one JSON line per entry. */
  logText(): string;
  /** Every route as it was registered, in order. */
  routes: RouteOptions[];
}

/**
 * The real application with what tests observe from outside: the production logger (our
 * redaction and serializers) at trace level writing into memory, so a test can assert what would
 * reach the log files, and every route as it was registered.
 */
export async function createInstrumentedTestApp(): Promise<InstrumentedTestContext> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const routes: RouteOptions[] = [];
  const context = await createTestApp({}, undefined, {
    logger: { ...(loggerOptions('trace') as object), stream },
    onRoute: (route) => routes.push(route),
  });
  return { ...context, routes, logText: () => lines.join('') };
}
