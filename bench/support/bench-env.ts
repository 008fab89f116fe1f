import { loadEnv } from '#server/env.ts';

/**
 * The server environment of every benchmark: production mode against the fake AI upstream at
 * `fakeUrl`, serving the web app from `clientDistDir`.
 */
export function benchEnv(fakeUrl: string, clientDistDir: string) {
  return loadEnv({
    NODE_ENV: 'production',
    // The TEST MODE payment sandbox (decision 083).
    PAYMENTS_SANDBOX: 'true',
    LOG_LEVEL: 'silent',
    // Benchmarks send hundreds of chats a minute from one user; the limits are not what they measure.
    RATE_LIMIT_FACTOR: '1000',
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: `${fakeUrl}/v1`,
    CLIENT_DIST_DIR: clientDistDir,
    // A pool size to compare against the default (bench/chat-scale.ts).
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  });
}
