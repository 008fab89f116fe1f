/**
 * The Orbit server of the chat-stream benchmark in its own process: the real app on PGlite or
 * PostgreSQL, listening on 127.0.0.1, pointed at the fake provider. It reports its URL, `slots`
 * conversations (one per concurrent stream, plus one for requests timed while they stream: a
 * conversation has one reply in progress at a time) and the session cookie of each: all of one
 * administrator, or with `users` (the fifth argument 'users') each of an Ultimate subscriber of
 * its own, as concurrent chats on a real server are. It answers 'cpu' with its
 * CPU time, whole process and main thread (support/thread-cpu.ts; on PGlite the database's worker
 * thread is in the first only); 'stats' with its RSS and the event loop's delay (p99 and max
 * since the last 'stats', ms); 'stats-after-gc' the same after a full collection;
 * 'heap-snapshot:<file>' writes a V8 heap snapshot there and answers with its path.
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { buildApp } from '#server/app.ts';
import { prepareDatabase } from '#server/bootstrap.ts';
import { openDatabase } from '#server/db/client.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { TEST_SECRET } from '#tests/support/test-app.ts';
import { cpuTimes } from './thread-cpu.ts';
import { benchEnv } from './bench-env.ts';

const [fakeUrl, databaseUrl, slots, ownUsers] = [
  process.argv[2]!,
  process.argv[3] ?? '',
  Number(process.argv[4]),
  process.argv[5] === 'users',
];
const env = benchEnv(fakeUrl, '.bench-no-client');
const database = await openDatabase(
  databaseUrl ? { databaseUrl, poolSize: env.DATABASE_POOL_SIZE } : { dataDir: null },
);
await prepareDatabase(database, {});
const app = await buildApp({ env, database, secret: TEST_SECRET, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

// An administrator: unlimited messages, Ultimate's token limits.
const { user, cookie } = await createSignedInUser(database.db, { isAdmin: true });
const conversationIds: string[] = [];
const cookies: string[] = [];
const subscribedUntil = new Date(Date.now() + 365 * 24 * 3600_000);
for (let slot = 0; slot < slots; slot++) {
  const owner = ownUsers
    ? await createSignedInUser(database.db, {
        subscriptionTier: 'ultimate',
        subscriptionExpiry: subscribedUntil,
      })
    : { user, cookie };
  const { conversation } = await createConversation(database.db, owner.user.id, {
    messages: ['Hallo', 'Hallo!'],
  });
  conversationIds.push(conversation.conversationId);
  cookies.push(owner.cookie);
}

process.send!({
  url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
  cookie,
  conversationIds,
  cookies,
  // For benchmarks that sign in again (bench/soak.ts).
  username: user.username,
  password: user.plainPassword,
});
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
process.on('message', (message) => {
  if (message === 'cpu') {
    process.send!(cpuTimes());
  } else if (message === 'stats' || message === 'stats-after-gc') {
    const delay = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
    // What is held, not garbage a later collection would free (node --expose-gc, child-process.ts).
    // The collection's own pause is left out of the event-loop delay.
    if (message === 'stats-after-gc') {
      loopDelay.disable();
      (globalThis as { gc?: () => void }).gc?.();
      loopDelay.enable();
    }
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    process.send!({
      rss,
      heapUsed,
      external: external + arrayBuffers,
      loopDelayP99Ms: delay.p99,
      loopDelayMaxMs: delay.max,
    });
    loopDelay.reset();
  } else if (typeof message === 'string' && message.startsWith('heap-snapshot:')) {
    // Written after a full collection: what is held, by constructor (bench/chat-scale.ts).
    (globalThis as { gc?: () => void }).gc?.();
    process.send!(writeHeapSnapshot(message.slice('heap-snapshot:'.length)));
  } else if (message === 'close') {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  }
});
