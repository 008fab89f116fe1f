import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { prepareDatabase } from '#server/bootstrap.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import type { SearchResult } from '#shared/search/search-schemas.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { api, TEST_SECRET } from '#tests/support/test-app.ts';
import { openDatabaseBefore } from '#tests/support/upgrade-database.ts';

/**
 * Migration 0003 stores each message's full-text document. A server upgraded from an earlier
 * version must find the messages written before the upgrade just as well as new ones.
 */
let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openDatabaseBefore('0003_');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

it('finds messages written before the upgrade, ranked by whole words', async () => {
  const { user, cookie } = await createSignedInUser(database.db);
  // Written as the previous schema stores them (the current one would return content_tsv).
  const { conversation } = await createConversation(database.db, user.id);
  const inserted = await database.db.execute(sql`
    insert into messages (user_id, conversation_id, content, is_user_message, timestamp)
    values (${user.id}, ${conversation.conversationId}, 'Das Wetterradar zeigt Regen.', true, now() - interval '2 minutes'),
           (${user.id}, ${conversation.conversationId}, 'Morgen wird das Wetter schön.', false, now() - interval '1 minute'),
           (${user.id}, ${conversation.conversationId}, 'Kein Treffer.', true, now())
    returning id`);
  const ids = (inserted as { rows: { id: number }[] }).rows.map((row) => row.id);

  await prepareDatabase(database, {});
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.test-data/unused',
    CLIENT_DIST_DIR: '.test-data/no-client',
  });
  app = await buildApp({ env, database, secret: TEST_SECRET, logger: false });
  await app.ready();

  const response = await api(app, { method: 'GET', url: '/api/search?q=wetter', cookie });
  expect(response.statusCode, response.body).toBe(200);
  const { results } = response.json<SearchResult>();
  expect(results.map((hit) => hit.messageId)).toEqual([ids[1], ids[0]]);
  // Only the full-text rank tells the whole word from the part of a compound (both contain
  // 'wetter'): the documents of the older rows were filled in by the upgrade.
  expect(results[0]!.score).toBeGreaterThan(results[1]!.score);
});
