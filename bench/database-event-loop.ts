/**
 * How long do the hot queries block the event loop on embedded PGlite (which runs on the
 * main thread) compared with PostgreSQL through node-postgres (network I/O, off-thread)?
 * Prints per-query latency and the worst event-loop stall during the run.
 *
 *   npm run bench -- database-event-loop
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { prepareDatabase } from '#server/bootstrap.ts';
import { MIGRATIONS_DIR, openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';
import { users, userSessions } from '#server/db/schema/users.ts';
import { withScratchPostgres } from './support/scratch-postgres.ts';
import { percentile, printTable } from './support/stats.ts';

const CONVERSATIONS = 2_000;
const MESSAGES_PER_CONVERSATION = 10;
const ITERATIONS = 300;

async function seed(database: DatabaseHandle) {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ username: `bench_${randomBytes(4).toString('hex')}`, password: 'x' })
    .returning();
  const userId = user!.id;
  await db.insert(userSessions).values({
    userId,
    sessionToken: randomBytes(16).toString('hex'),
    expiresAt: new Date(Date.now() + 86_400_000),
    lastSeenAt: new Date(),
  });
  for (let offset = 0; offset < CONVERSATIONS; offset += 500) {
    const batch = Array.from({ length: 500 }, (_, i) => ({
      userId,
      conversationId: `c${offset + i}_${randomBytes(4).toString('hex')}`,
      title: `Gespräch ${offset + i}`,
    }));
    const rows = await db
      .insert(conversations)
      .values(batch)
      .returning({ conversationId: conversations.conversationId });
    await db.insert(messages).values(
      rows.flatMap((row) =>
        Array.from({ length: MESSAGES_PER_CONVERSATION }, (_, m) => ({
          userId,
          conversationId: row.conversationId,
          content: `Nachricht ${m}: ${'Lorem ipsum dolor sit amet '.repeat(8)}`,
          isUserMessage: m % 2 === 0,
        })),
      ),
    );
  }
  const [sample] = await db
    .select({ id: conversations.conversationId })
    .from(conversations)
    .limit(1);
  return { userId, conversationId: sample!.id };
}

async function measure(name: string, database: DatabaseHandle) {
  const { userId, conversationId } = await seed(database);
  const { db } = database;
  const queries: Record<string, () => Promise<unknown>> = {
    'session lookup': () =>
      db.select().from(userSessions).where(eq(userSessions.userId, userId)).limit(1),
    'conversation list (50 newest)': () =>
      db
        .select()
        .from(conversations)
        .where(eq(conversations.userId, userId))
        .orderBy(desc(conversations.updatedAt), desc(conversations.id))
        .limit(50),
    'messages of a conversation': () =>
      db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId)))
        .orderBy(messages.timestamp, messages.id),
    'insert message': () =>
      db.insert(messages).values({ userId, conversationId, content: 'hallo', isUserMessage: true }),
    'substring scan over all messages': () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(messages)
        .where(sql`${messages.content} ilike '%dolor%'`),
  };
  const rows: string[][] = [];
  for (const [label, run] of Object.entries(queries)) {
    const iterations = label.startsWith('substring') ? 20 : ITERATIONS;
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
      // Yield so the loop-delay monitor gets to observe each query separately.
      await new Promise((resolve) => setImmediate(resolve));
    }
    histogram.disable();
    rows.push([
      `${name}: ${label}`,
      percentile(times, 50).toFixed(3),
      percentile(times, 99).toFixed(3),
      (histogram.max / 1e6).toFixed(2),
    ]);
  }
  return rows;
}

/** Baseline: PGlite on the main thread, as drizzle-orm/pglite would run it. */
async function openMainThreadPglite(): Promise<DatabaseHandle> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as DatabaseHandle['db'];
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    withMigrationLock: (work) => work(),
    tryExclusive: async (_key, work) => ({ ran: true, value: await work() }),
    ping: async () => {},
    close: () => client.close(),
  };
}

const rows: string[][] = [];
for (const [label, open] of [
  ['pglite main thread (baseline)', openMainThreadPglite],
  ['pglite worker thread (ours)', () => openDatabase({ dataDir: null })],
] as const) {
  const database = await open();
  await prepareDatabase(database, {});
  rows.push(...(await measure(label, database)));
  await database.close();
}

await withScratchPostgres(async (url) => {
  const postgres = await openDatabase({ databaseUrl: url });
  try {
    await prepareDatabase(postgres, {});
    rows.push(...(await measure('postgres', postgres)));
  } finally {
    await postgres.close();
  }
});

printTable(
  `Database queries (${CONVERSATIONS} conversations, ${CONVERSATIONS * MESSAGES_PER_CONVERSATION} messages)`,
  ['query', 'p50 ms', 'p99 ms', 'max event-loop stall ms'],
  rows,
);
