import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { prepareDatabase } from '#server/bootstrap.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, TEST_SECRET } from '#tests/support/test-app.ts';
import { openDatabaseBefore } from '#tests/support/upgrade-database.ts';

/**
 * Migration 0023 (decision 321): a live session someone other than the project's owner started
 * ends, so the owner can save their files again; the owner's own sessions go on.
 */
let database: DatabaseHandle;
let app: FastifyInstance;
const env = loadEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: '.test-data/unused',
  CLIENT_DIST_DIR: '.test-data/no-client',
});

beforeAll(async () => {
  database = await openDatabaseBefore('0023_');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Row = Record<string, unknown>;

it("ends a stranger's session on a public project and keeps the owner's own", async () => {
  const { db } = database;
  const owner = await createSignedInUser(db);
  const stranger = await createSignedInUser(db);
  const rows = async (query: ReturnType<typeof sql>) => {
    const result: unknown = await db.execute(query);
    return (result as { rows: Row[] }).rows;
  };
  const project = async (name: string) =>
    (
      await rows(sql`insert into code_projects (user_id, name, language, is_public)
        values (${owner.user.id}, ${name}, 'python', true) returning id`)
    )[0]!.id as string;
  const shared = await project('Shared');
  const own = await project('Own');
  const [file] = await rows(sql`insert into code_files (project_id, filename, language, is_main)
    values (${shared}, 'main.py', 'python', true) returning id`);
  // As the previous version allowed: anyone who could read a public project hosted a session on it.
  const session = async (projectId: string, hostId: number) =>
    (
      await rows(sql`insert into code_sessions (project_id, host_user_id)
        values (${projectId}, ${hostId}) returning id`)
    )[0]!.id as string;
  const strangers = await session(shared, stranger.user.id);
  const owners = await session(own, owner.user.id);

  await prepareDatabase(database, {});
  app = await buildApp({ env, database, secret: TEST_SECRET, logger: false });
  await app.ready();

  const shown = (cookie: string, id: string) =>
    api(app, { method: 'GET', url: `/api/codehub/sessions/${id}`, cookie });
  expect((await shown(stranger.cookie, strangers)).statusCode).toBe(404);
  expect((await shown(owner.cookie, owners)).json()).toMatchObject({ state: 'active' });
  const ends = await rows(
    sql`select user_id from code_actions where session_id = ${strangers} and action_type = 'end'`,
  );
  expect(ends).toEqual([{ user_id: stranger.user.id }]);
  const saved = await api(app, {
    method: 'PATCH',
    url: `/api/codehub/projects/${shared}/files/${file!.id as number}`,
    cookie: owner.cookie,
    payload: { content: 'print("mine")' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
