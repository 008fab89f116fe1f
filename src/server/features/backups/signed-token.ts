import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived tokens signed with APP_SECRET (decision 152): base64url JSON and an HMAC-SHA256 of
 * it keyed per purpose, so a token made for one use (a download) is refused for another (a
 * restore) and nothing in it can be changed.
 */
function sign(secret: string, purpose: string, body: string) {
  return createHmac('sha256', `${purpose}:${secret}`).update(body).digest('base64url');
}

export function createSignedToken(
  secret: string,
  purpose: string,
  claims: Record<string, unknown>,
  expiresAt: Date,
): string {
  const body = Buffer.from(JSON.stringify({ ...claims, exp: expiresAt.getTime() })).toString(
    'base64url',
  );
  return `${body}.${sign(secret, purpose, body)}`;
}

/** The token's claims when it is genuine, for this purpose, and not expired at `now`; else null. */
export function readSignedToken(
  secret: string,
  purpose: string,
  token: string,
  now: Date,
): Record<string, unknown> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    return typeof claims.exp === 'number' && claims.exp > now.getTime() ? claims : null;
  } catch {
    return null;
  }
}
