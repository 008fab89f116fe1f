import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartUpload } from '#tests/support/multipart.ts';
import { SAMPLE_FILES } from '#tests/support/sample-files.ts';
import { postJson, serverDatabase, startServer } from '#tests/support/server-process.ts';
import { TEST_DB } from '#tests/support/test-database.ts';

// Issue 16, item 6(f): the disk refuses an upload's bytes midway. Without root there is no small
// filesystem to fill, so the server process runs under a file-size limit (RLIMIT_FSIZE): a write
// past it fails with EFBIG on the same write path a full disk fails with ENOSPC. The answer is
// 507 with the envelope, no partial file is kept, and smaller uploads still work.

const ADMIN_PASSWORD = `admin-${randomBytes(6).toString('hex')}`;
const LIMIT_KB = 3 * 1024;
let dataDir: string;
let database: Awaited<ReturnType<typeof serverDatabase>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-disk-full-'));
  database = await serverDatabase('orbit_disk_full');
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

/** A valid PNG padded to `bytes` (the type is read from its first bytes). */
const pngOf = (bytes: number) =>
  Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(bytes - SAMPLE_FILES.png.length)]);

// On PostgreSQL only: the embedded database's own files (16 MiB WAL segments) outgrow the limit.
describe.skipIf(TEST_DB !== 'postgres')('the disk refusing an upload', () => {
  it('answers 507 with the envelope and keeps no partial file', async () => {
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
        ADMIN_USERNAME: 'chief',
        ADMIN_PASSWORD,
        ...database.env,
      },
      [],
      { maxFileKb: LIMIT_KB },
    );
    try {
      const login = await postJson(server.baseUrl, '/api/login', {
        username: 'chief',
        password: ADMIN_PASSWORD,
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const upload = (content: Buffer) => {
        const { payload, headers } = multipartUpload({ name: 'big.png', content });
        return fetch(`${server.baseUrl}/api/files`, {
          method: 'POST',
          body: payload,
          headers: { ...headers, cookie, 'x-requested-with': 'XMLHttpRequest' },
        });
      };

      const refused = await upload(pngOf(5 * 1024 * 1024));
      const refusedBody = await refused.clone().text();
      expect(refused.status, refusedBody).toBe(507);
      expect(await refused.json()).toMatchObject({ code: 'SERVER_ERROR', statusCode: 507 });
      const partial = path.join(dataDir, 'files', 'partial');
      expect(existsSync(partial) ? readdirSync(partial) : []).toEqual([]);
      const list = await fetch(`${server.baseUrl}/api/files/1`, { headers: { cookie } });
      expect(list.status).toBe(404);

      const small = await upload(pngOf(64 * 1024));
      expect(small.status).toBe(201);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
