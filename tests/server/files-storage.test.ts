import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatFiles, conversations, messages } from '#server/db/schema/chat.ts';
import { userFiles } from '#server/db/schema/files.ts';
import { removeUnattachedUploads } from '#server/features/files/orphan-sweep.ts';
import { sweepPartialUploads } from '#server/features/files/partial-uploads.ts';
import { HOST_TAG } from '#server/features/files/files.storage.ts';
import { storageFullMessage } from '#shared/files/file-limits.ts';
import type { FileInfo } from '#shared/files/file-schemas.ts';
import { STORAGE_QUOTA_BYTES } from '#shared/plans/tiers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { multipartUpload } from '#tests/support/multipart.ts';
import { SAMPLE_FILES } from '#tests/support/sample-files.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Storage quotas and the removal of uploads nobody needs (issue 15 item 4, decision 071). */
const MB = 1024 * 1024;
let t: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'orbit-files-storage-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const pngOfSize = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  SAMPLE_FILES.png.copy(bytes, 0, 0, 16);
  return bytes;
};
const upload = (cookie: string, content: Buffer) => {
  const { payload, headers } = multipartUpload({ name: 'bild.png', content });
  return api(t.app, { method: 'POST', url: '/api/files', cookie, payload, headers });
};
const storedFiles = async () =>
  (await readdir(path.join(dataDir, 'files')).catch(() => [] as string[])).filter(
    (name) => name !== 'partial',
  );
const partialFiles = () => readdir(path.join(dataDir, 'files', 'partial')).catch(() => []);

/** Files the user already keeps, `bytes` in all (rows only: the quota counts what rows say). */
async function alreadyStored(userId: number, bytes: number) {
  await t.db.insert(userFiles).values({
    userId,
    filename: randomBytes(16).toString('hex'),
    originalFilename: 'alt.pdf',
    fileSize: bytes,
    fileType: 'application/pdf',
    storagePath: 'files/none',
    status: 'ready',
  });
}

describe('the storage quota', () => {
  it('refuses an upload past the plan’s storage with 413 and a clear message, keeping nothing', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const quota = STORAGE_QUOTA_BYTES.free;
    await alreadyStored(user.id, quota - 3 * MB);
    const before = await storedFiles();

    const refused = await upload(cookie, pngOfSize(4 * MB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      code: 'QUOTA_EXCEEDED_ERROR',
      statusCode: 413,
      message: storageFullMessage(quota),
      details: { usedBytes: quota - 3 * MB, quotaBytes: quota },
    });
    expect(refused.json().message).toContain('100 MB');
    expect(await storedFiles()).toEqual(before);
    expect(await partialFiles()).toEqual([]);

    expect((await upload(cookie, pngOfSize(2 * MB))).statusCode).toBe(201);
    // Full now: refused before anything is read.
    await alreadyStored(user.id, MB);
    expect((await upload(cookie, SAMPLE_FILES.png)).statusCode).toBe(413);
  });

  it('gives higher plans more room: free < premium < expert < ultimate', async () => {
    const free = STORAGE_QUOTA_BYTES.free;
    expect(free).toBeLessThan(STORAGE_QUOTA_BYTES.premium);
    expect(STORAGE_QUOTA_BYTES.premium).toBeLessThan(STORAGE_QUOTA_BYTES.expert);
    expect(STORAGE_QUOTA_BYTES.expert).toBeLessThan(STORAGE_QUOTA_BYTES.ultimate);
    const { user, cookie } = await createSignedInUser(t.db, {
      subscriptionTier: 'premium',
      subscriptionExpiry: null,
    });
    await alreadyStored(user.id, free);
    expect((await upload(cookie, pngOfSize(2 * MB))).statusCode).toBe(201);
  });

  it('counts uploads sent at the same time one after the other', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await alreadyStored(user.id, STORAGE_QUOTA_BYTES.free - 5 * MB);
    // Each fits alone; both do not.
    const answers = await Promise.all([
      upload(cookie, pngOfSize(3 * MB)),
      upload(cookie, pngOfSize(3 * MB)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 413]);
    const [stored] = await t.db
      .select({ bytes: sql<string>`sum(${userFiles.fileSize})` })
      .from(userFiles)
      .where(eq(userFiles.userId, user.id));
    expect(Number(stored!.bytes)).toBeLessThanOrEqual(STORAGE_QUOTA_BYTES.free);
  });
});

describe('uploads never sent with a message', () => {
  it('are removed, rows and bytes, a day after their upload; sent ones stay', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const uploadOk = async () => (await upload(cookie, SAMPLE_FILES.png)).json<FileInfo>();
    const [old, sent, fresh] = [await uploadOk(), await uploadOk(), await uploadOk()];
    const conversationId = randomBytes(9).toString('base64url');
    await t.db.insert(conversations).values({ userId: user.id, conversationId });
    const [message] = await t.db
      .insert(messages)
      .values({ userId: user.id, conversationId, content: 'Sieh dir das an', isUserMessage: true })
      .returning({ id: messages.id });
    await t.db
      .insert(chatFiles)
      .values({ conversationId, fileId: sent.id, messageId: message!.id });
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    for (const id of [old.id, sent.id]) {
      await t.db.update(userFiles).set({ createdAt: dayAgo }).where(eq(userFiles.id, id));
    }
    const [oldRow] = await t.db.select().from(userFiles).where(eq(userFiles.id, old.id));

    await removeUnattachedUploads({ db: t.db, env: t.env });
    const status = async (id: number) =>
      (await api(t.app, { method: 'GET', url: `/api/files/${id}`, cookie })).statusCode;
    expect([await status(old.id), await status(sent.id), await status(fresh.id)]).toEqual([
      404, 200, 200,
    ]);
    expect(await storedFiles()).not.toContain(oldRow!.filename);
  });

  it('are looked for by a job scheduled with the app, once per hour across instances', async () => {
    const hour = new Date();
    hour.setUTCMinutes(0, 0, 0);
    const result = await t.db.execute(
      sql`select key from jobs where name = 'files.cleanup' order by id`,
    );
    expect((result as { rows: { key: string }[] }).rows).toEqual([{ key: hour.toISOString() }]);
  });
});

describe('partial uploads (a body cut off by a crash)', () => {
  const partialName = (host: string, pid: number) =>
    `${randomBytes(16).toString('hex')}.${host}-${pid}.part`;
  async function leave(name: string, minutesAgo = 0) {
    const directory = path.join(dataDir, 'files', 'partial');
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, name), 'half a body');
    const then = new Date(Date.now() - minutesAgo * 60_000);
    await utimes(path.join(directory, name), then, then);
    return name;
  }
  /** The pid of a process that has ended. */
  const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;

  it('are removed at start when their writer is gone, and later once untouched for ten minutes', async () => {
    const otherHost = HOST_TAG === '00000000' ? '11111111' : '00000000';
    await leave(partialName(HOST_TAG, deadPid()));
    const previousRunSamePid = await leave(partialName(HOST_TAG, process.pid));
    const otherHostFresh = await leave(partialName(otherHost, 4242));
    await leave(partialName(otherHost, 4242), 11);

    // While running, this process's own partial files are uploads in progress.
    expect(await sweepPartialUploads(t.env)).toBe(2);
    expect((await partialFiles()).sort()).toEqual([previousRunSamePid, otherHostFresh].sort());
    // At start there is no upload in progress here yet.
    expect(await sweepPartialUploads(t.env, { atStart: true })).toBe(1);
    expect(await partialFiles()).toEqual([otherHostFresh]);
  });
});
