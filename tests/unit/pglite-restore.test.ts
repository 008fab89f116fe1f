import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';

const dir = await mkdtemp(path.join(tmpdir(), 'orbit-pglite-restore-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const names = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) => {
  const result: unknown = await db.execute(sql`select name from notes order by name`);
  return (result as { rows: { name: string }[] }).rows.map((row) => row.name);
};

/** A restore replaces an embedded database kept on disk, and the restored data is what persists. */
it('replaces a PGlite data directory with a dump, on disk, through the same connection pool', async () => {
  const database = await openDatabase({ dataDir: dir });
  await database.db.execute(sql`create table notes (name text)`);
  await database.db.execute(sql`insert into notes values ('before')`);
  const dump = await database.dump!();
  await database.db.execute(sql`insert into notes values ('after')`);
  expect(await names(database.db)).toEqual(['after', 'before']);

  await database.restore!(dump);
  expect(await names(database.db)).toEqual(['before']);
  await database.db.execute(sql`insert into notes values ('restored')`);
  await database.close();

  const reopened = await openDatabase({ dataDir: dir });
  expect(await names(reopened.db)).toEqual(['before', 'restored']);
  await reopened.close();
}, 120_000);
