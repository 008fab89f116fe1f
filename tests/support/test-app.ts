import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppDeps } from '#server/app.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { loadEnv, type Env } from '#server/env.ts';
import { connectRedis } from '#server/redis.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hmac-0123456789';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  env: Env;
  close(): Promise<void>;
}

/**
 * The real application on a fresh test database, driven through inject().
 * Call once per test file (beforeAll) and close() in afterAll.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  /** Extra routes a test needs (registered before the app is ready). */
  beforeReady?: (app: FastifyInstance) => void,
  /** What a test observes from inside: a logger (and its log store), every route registered, a clock. */
  observers: Pick<AppDeps, 'logger' | 'logs' | 'onRoute' | 'clock'> = {},
): Promise<TestContext> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.test-data/unused',
    CLIENT_DIST_DIR: '.test-data/no-client',
    // Whole files run from one address in seconds; tests about the limits pass their own factor.
    RATE_LIMIT_FACTOR: '1000',
    ...envOverrides,
  });
  const database = await openTestDatabase();
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, env.REDIS_PREFIX) : undefined;
  const app = await buildApp({
    env,
    database,
    redis,
    secret: TEST_SECRET,
    logger: observers.logger ?? false,
    ...(observers.logs ? { logs: observers.logs } : {}),
    ...(observers.onRoute ? { onRoute: observers.onRoute } : {}),
    ...(observers.clock ? { clock: observers.clock } : {}),
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    env,
    close: async () => {
      await app.close();
      await database.close();
      await redis?.quit();
    },
  };
}

export type ApiRequest = Omit<InjectOptions, 'headers'> & {
  headers?: Record<string, string>;
  /** Cookie header of a signed-in user (see factories.signIn). */
  cookie?: string;
};

/** inject() as the web client calls: with the X-Requested-With marker and the session cookie. */
export function api(app: FastifyInstance, { cookie, headers, ...options }: ApiRequest) {
  return app.inject({
    ...options,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  } as InjectOptions);
}
