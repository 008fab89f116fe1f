import { Writable } from 'node:stream';
import type { RouteOptions } from 'fastify';
import { buildApp, loggerOptions } from '#server/app.ts';
import { loadEnv } from '#server/env.ts';
import { openTestDatabase } from './test-database.ts';
import { TEST_SECRET, type TestContext } from './test-app.ts';

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
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: '.test-data/unused',
    CLIENT_DIST_DIR: '.test-data/no-client',
  });
  const database = await openTestDatabase();
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    env,
    database,
    secret: TEST_SECRET,
    logger: { ...(loggerOptions('trace') as object), stream },
    onRoute: (route) => routes.push(route),
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    env,
    routes,
    logText: () => lines.join(''),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
