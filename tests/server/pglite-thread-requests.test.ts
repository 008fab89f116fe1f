import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { openTestDatabase, TEST_DB } from '#tests/support/test-database.ts';

/**
 * Dumps and restores asked of the embedded database's thread at the same time (an administrator
 * restoring while a backup is still being taken): each caller gets its own answer, and the
 * thread runs them one after the other (docs/decisions/323-pglite-requests-answered-by-number.md).
 */
describe.runIf(TEST_DB === 'pglite')('requests to the PGlite thread', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table pglite_requests (note text not null)`);
  });
  afterAll(() => database.close());

  const dump = () => database.dump!();
  const restore = (data: Blob) => database.restore!(data);
  const notes = async () => {
    const result = await database.db.execute(sql`select note from pglite_requests order by note`);
    return (result as { rows: { note: string }[] }).rows.map((row) => row.note);
  };
  const write = (note: string) =>
    database.db.execute(sql`insert into pglite_requests (note) values (${note})`);

  it('answers a dump and a restore asked for together, each with its own answer', async () => {
    await write('in the backup');
    const backup = await dump();
    await write('after the backup');

    // The restore is asked for while the dump is still running.
    const [taken] = await Promise.all([dump(), restore(backup)]);

    expect(await notes()).toEqual(['in the backup']);
    // The dump ran first, whole: it holds the row the restore then removed.
    await restore(taken);
    expect(await notes()).toEqual(['after the backup', 'in the backup']);
  });

  it('runs dumps and restores in the order asked, never one inside another', async () => {
    await database.db.execute(sql`delete from pglite_requests`);
    await write('one');
    const one = await dump();
    await write('two');
    const two = await dump();

    const [, afterOne, , afterTwo] = await Promise.all([
      restore(one),
      dump(),
      restore(two),
      dump(),
    ]);

    expect(await notes()).toEqual(['one', 'two']);
    await restore(afterOne);
    expect(await notes()).toEqual(['one']);
    await restore(afterTwo);
    expect(await notes()).toEqual(['one', 'two']);
  });
});
