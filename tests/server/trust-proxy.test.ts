import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '#server/db/schema/users.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';
import { uniqueUsername } from '#tests/support/auth-helpers.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let clients = 0;
/** Documentation addresses (RFC 5737), one per test: the client behind the proxy. */
const nextClient = () => `203.0.113.${++clients}`;
const spoofed = () => `198.51.100.${randomBytes(1)[0]! % 250}`;
const PROXY = '10.77.0.2';

let oneHop: TestContext;
let byAddress: TestContext;
beforeAll(async () => {
  oneHop = await createTestApp({ TRUST_PROXY: '1' });
  byAddress = await createTestApp({ TRUST_PROXY: PROXY });
});
afterAll(async () => {
  await oneHop?.close();
  await byAddress?.close();
});

/**
 * A registration as it reaches the server through one reverse proxy: the client wrote its own
 * X-Forwarded-For, the proxy appended the address it saw.
 */
const registerThroughProxy = (t: TestContext, client: string, clientHeader: string) =>
  api(t.app, {
    method: 'POST',
    url: '/api/register',
    payload: { username: uniqueUsername('xff'), password: 'long enough pw' },
    headers: { 'x-forwarded-for': `${clientHeader}, ${client}` },
    remoteAddress: PROXY,
  });

describe('TRUST_PROXY with one trusted hop', () => {
  it('keeps a client that rotates its own X-Forwarded-For inside the registration limit', async () => {
    const client = nextClient();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await registerThroughProxy(oneHop, client, spoofed())).statusCode);
    }
    expect(answers).toEqual([...Array<number>(10).fill(201), 429]);
  });

  it('records the address the proxy saw, not the one the client claimed', async () => {
    const client = nextClient();
    const response = await registerThroughProxy(oneHop, client, '1.2.3.4');
    expect(response.statusCode).toBe(201);
    const [row] = await oneHop.db
      .select({ ipAddress: userSessions.ipAddress })
      .from(userSessions)
      .where(eq(userSessions.userId, response.json<PublicUser>().id))
      .orderBy(desc(userSessions.id));
    expect(row!.ipAddress).toBe(client);
  });
});

describe('TRUST_PROXY with the proxy address', () => {
  it('believes X-Forwarded-For only from that proxy', async () => {
    const client = nextClient();
    const viaProxy = await registerThroughProxy(byAddress, client, '1.2.3.4');
    const direct = await api(byAddress.app, {
      method: 'POST',
      url: '/api/register',
      payload: { username: uniqueUsername('direct'), password: 'long enough pw' },
      headers: { 'x-forwarded-for': '1.2.3.4' },
      remoteAddress: '10.77.0.99',
    });
    const recorded = async (response: typeof direct) => {
      const [row] = await byAddress.db
        .select({ ipAddress: userSessions.ipAddress })
        .from(userSessions)
        .where(eq(userSessions.userId, response.json<PublicUser>().id));
      return row!.ipAddress;
    };
    expect(await recorded(viaProxy)).toBe(client);
    expect(await recorded(direct)).toBe('10.77.0.99');
  });
});
