import { Writable } from 'node:stream';
import { buildApp, loggerOptions } from '#server/app.ts';
import { loadEnv } from '#server/env.ts';
import { openTestDatabase } from './test-database.ts';
import { TEST_SECRET, type TestContext } from './test-app.ts';

export interface LoggedTestContext extends TestContext {
  /** Everything the app logged so far, one JSON line per entry. */
  logText(): string;
}

/**
 * The real application with the production logger (our redaction and serializers) at trace
 * level, writing into memory, so a test can assert what would reach the log files.
 */
export async function createLoggedTestApp(): Promise<LoggedTestContext> {
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
  const app = await buildApp({
    env,
    database,
    secret: TEST_SECRET,
    logger: { ...(loggerOptions('trace') as object), stream },
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    env,
    logText: () => lines.join(''),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
