/**
 * Search latency over 100,000 messages of one user (the worst case: every message is the
 * searcher's), on embedded PGlite and on PostgreSQL. Baselines in the same run: the plain
 * substring query a naive implementation would use (ILIKE, newest first, planner's choice of
 * index), and the same with index scans disabled (a true scan over all messages).
 *
 *   npm run bench -- search
 *   BENCH_EXPLAIN=1 npm run bench -- search   (also prints each search query's plan)
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '#server/bootstrap.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';
import { escapeLike, searchQuery } from '#server/features/search/search.queries.ts';
import { searchConversations } from '#server/features/search/search.service.ts';
import { parseSearchTerms } from '#shared/search/search-snippet.ts';
import { withScratchPostgres } from './support/scratch-postgres.ts';
import { percentile, printTable } from './support/stats.ts';

const CONVERSATIONS = 2_000;
const MESSAGES = 100_000;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 10);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

/** Queries and what they stand for; the seed plants each word at a known rate. */
const QUERIES: [label: string, q: string][] = [
  ['common word (5%)', 'Wetter'],
  ['part of a compound (1%)', 'versicherung'],
  ['rare word (0.1%)', 'Zitronenbaum'],
  ['Chinese, 2 characters (2%)', '北京'],
  ['Cyrillic (2%)', 'здраво'],
  ['typo of a 1% word', 'Krankenversicherumg'],
];

/**
 * Messages of 8–30 filler words (random hex, like unique vocabulary) plus planted words at fixed
 * rates. Built by the database itself with a fixed seed: quick, and the same data on both engines.
 */
async function seed(database: DatabaseHandle) {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ username: `bench_${randomBytes(4).toString('hex')}`, password: 'x' })
    .returning({ id: users.id });
  const userId = user!.id;
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into conversations (user_id, conversation_id, title)
    select ${userId}, 'bench-' || g, 'Gespräch ' || g from generate_series(1, ${CONVERSATIONS}) g`);
  for (let from = 1; from <= MESSAGES; from += 10_000) {
    await db.execute(sql`
      insert into messages (user_id, conversation_id, content, is_user_message, timestamp)
      select ${userId}, 'bench-' || (1 + g % ${CONVERSATIONS}),
        concat_ws(' ',
          (select string_agg(substr(md5(random()::text || g), 1, 3 + (n % 7)), ' ')
             from generate_series(1, 8 + (g % 23)) n),
          case when g % 20 = 0 then 'Das Wetter ist heute schön.' end,
          case when g % 100 = 1 then 'Meine Krankenversicherung zahlt das.' end,
          case when g % 1000 = 2 then 'Ein Zitronenbaum im Garten.' end,
          case when g % 50 = 3 then '我们明天去北京旅游' end,
          case when g % 50 = 4 then 'Здраво, како си?' end),
        g % 2 = 0, now() - make_interval(secs => ${MESSAGES} - g)
      from generate_series(${from}::int, ${Math.min(from + 9_999, MESSAGES)}::int) g`);
  }
  await db.execute(sql`analyze messages`);
  await db.execute(sql`analyze conversations`);
  return userId;
}

async function time(run: () => Promise<unknown>) {
  await run(); // warm caches and plans
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The naive query: newest messages containing the text. */
const plainIlike = (userId: number, q: string) => sql`
  select id, content from messages
  where user_id = ${userId} and content ilike ${`%${escapeLike(q)}%`} escape '\\'
  order by timestamp desc limit 21`;

/** A statement with its parameters written in, for EXPLAIN (which takes no parameters). */
function inline({ sql: text, params }: { sql: string; params: unknown[] }) {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

async function measure(name: string, database: DatabaseHandle) {
  const seedStart = performance.now();
  const userId = await seed(database);
  console.log(
    `${name}: seeded ${MESSAGES} messages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const { db } = database;
  const rows: string[][] = [];
  for (const [label, q] of QUERIES) {
    const ours = await time(() => searchConversations(db, userId, { q, limit: 20, cursor: 0 }));
    const ilike = await time(() => db.execute(plainIlike(userId, q)));
    const scan = await time(() =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(plainIlike(userId, q));
      }),
    );
    // node-postgres answers { rows }; Drizzle's generic database type does not say so.
    const counted: unknown = await db.execute(sql`
      select count(*)::int as n from messages
      where user_id = ${userId} and content ilike ${`%${escapeLike(q)}%`} escape '\\'`);
    const matches = (counted as { rows: { n: number }[] }).rows[0]?.n;
    if (EXPLAIN) {
      const statement = searchQuery(db, {
        ...parseSearchTerms(q),
        userId,
        query: q,
        limit: 21,
        offset: 0,
      }).toSQL();
      const plan: unknown = await db.execute(
        sql.raw(`explain (analyze, costs off, timing off) ${inline(statement)}`),
      );
      const lines = (plan as { rows: { 'QUERY PLAN': string }[] }).rows;
      console.log(`\n${name} plan for ${q}:\n${lines.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
    rows.push([
      name,
      `${label}: ${q}`,
      String(matches ?? ''),
      ours.p50.toFixed(1),
      ours.p99.toFixed(1),
      ilike.p50.toFixed(1),
      scan.p50.toFixed(1),
    ]);
  }
  return rows;
}

const rows: string[][] = [];
const pglite = await openDatabase({ dataDir: null });
try {
  await prepareDatabase(pglite, {});
  rows.push(...(await measure('PGlite', pglite)));
} finally {
  await pglite.close();
}

await withScratchPostgres(async (url) => {
  const postgres = await openDatabase({ databaseUrl: url });
  try {
    await prepareDatabase(postgres, {});
    rows.push(...(await measure('PostgreSQL', postgres)));
  } finally {
    await postgres.close();
  }
});

printTable(
  `Search over ${MESSAGES} messages of one user, ${ITERATIONS} runs per query`,
  ['db', 'query', 'matches', 'search p50 ms', 'search p99 ms', 'ILIKE p50 ms', 'ILIKE scan p50 ms'],
  rows,
);
