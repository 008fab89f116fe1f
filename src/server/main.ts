import { buildApp, loggerOptions } from '#server/app.ts';
import { prepareDatabase } from '#server/bootstrap.ts';
import { openDatabase } from '#server/db/client.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { sweepOrphanFiles } from '#server/features/files/orphan-sweep.ts';
import { connectRedis } from '#server/redis.ts';
import { loadAppSecret } from '#server/secret.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  await prepareDatabase(database, env);
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, env.REDIS_PREFIX) : undefined;
  const app = await buildApp({
    redis,
    env,
    database,
    secret: loadAppSecret(env.APP_SECRET, env.DATA_DIR),
    logger: loggerOptions(env.LOG_LEVEL),
  });

  // Deleting a user removes their file rows by cascade; the bytes on disk go here, off the start path.
  sweepOrphanFiles({ db: database.db, env }).then(
    (removed) => {
      if (removed > 0) app.log.info({ removed }, 'removed orphaned upload files');
    },
    (error: unknown) => app.log.warn({ err: error }, 'orphaned upload sweep failed'),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, but never wait longer than the grace period.
    const timer = setTimeout(() => {
      app.log.warn('grace period over; closing remaining connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      await app.close();
      await database.close();
      await redis?.quit();
    } finally {
      clearTimeout(timer);
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

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
