import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '#server/features/auth/sessions.service.ts';

/** A fresh username within the registration rules (3–32 of letters, digits, _ . -). */
export function uniqueUsername(prefix = 'u') {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

let ipCounter = 0;
/**
 * A distinct client address per test, so the per-IP login and registration limits of one test
 * never leak into another (pass as inject's remoteAddress).
 */
export function nextIp() {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** The session cookie a response set, if any (plain over http, `__Host-` over https). */
export function sessionCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find(
    (cookie) => cookie.name === SESSION_COOKIE || cookie.name === SECURE_SESSION_COOKIE,
  );
}

/** The Cookie header a browser would send after this response. */
export function cookieHeaderOf(response: LightMyRequestResponse) {
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error(`response set no ${SESSION_COOKIE} cookie`);
  return `${cookie.name}=${cookie.value}`;
}

export const PUBLIC_USER_KEYS = [
  'displayName',
  'id',
  'isAdmin',
  'isSubscribed',
  'subscriptionExpiry',
  'subscriptionTier',
  'username',
];
