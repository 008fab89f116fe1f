import { buildApp } from '#server/app.ts';
import { prepareDatabase } from '#server/bootstrap.ts';
import { openDatabase } from '#server/db/client.ts';
import { removeStaleSocketDirs } from '#server/db/pglite-temp.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { sweepPartialUploads } from '#server/features/files/partial-uploads.ts';
import { createServerLogging } from '#server/observability/server-logs.ts';
import { connectRedis } from '#server/redis.ts';
import { loadAppSecret } from '#server/secret.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnv();
  // Left by processes killed before they could clean up (a crash, SIGKILL, a power cut).
  if (!env.DATABASE_URL) await removeStaleSocketDirs();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { dataDir: env.DATA_DIR },
  );
  await prepareDatabase(database, env);
  const logging = createServerLogging(env);
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, env.REDIS_PREFIX) : undefined;
  const app = await buildApp({
    redis,
    env,
    database,
    secret: loadAppSecret(env.APP_SECRET, env.DATA_DIR),
    logger: logging.logger,
    logs: logging.logs,
  });

  // Uploads cut off by the crash or kill that ended the previous run; later ones, and the other
  // file housekeeping, are periodic jobs (features/files/file-jobs.ts).
  const partial = await sweepPartialUploads(env, { atStart: true });
  if (partial > 0) app.log.info({ removed: partial }, 'removed partial uploads');

  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, but never wait longer than the grace period.
    const timer = setTimeout(() => {
      app.log.warn('grace period over; closing remaining connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    let code = exitCode;
    try {
      await app.close();
      await database.close();
      await redis?.quit();
      await logging.logs.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown did not complete');
      code = 1;
    } finally {
      clearTimeout(timer);
    }
    process.exit(code);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  // The embedded database's thread died: nothing can be served or stored any more, so stop
  // cleanly and with a failure code, for the supervisor to restart the whole server
  // (docs/decisions/072-pglite-worker-failure.md).
  void database.failed?.then((error) => {
    app.log.fatal({ err: error }, 'the embedded database stopped');
    void shutdown('database failure', 1);
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    { database: database.kind, url: `http://localhost:${env.PORT}` },
    'Orbit Chat is ready',
  );
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Orbit Chat failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
