import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '#shared/api-keys/api-access.ts';

/** Characters of the random part kept for display: enough to tell keys apart, not to guess one. */
const SHOWN_CHARACTERS = 8;

/**
 * Keys are 256 random bits, so one unsalted SHA-256 is enough to store them (unlike passwords,
 * there is nothing to brute-force): the lookup by hash stays one indexed read per request.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newApiKey() {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return {
    key,
    prefix: key.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS),
    keyHash: hashApiKey(key),
  };
}

/** What an Authorization header names as a key, if it looks like one of ours. */
export function bearerKey(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const key = match?.[1];
  return key?.startsWith(API_KEY_PREFIX) && key.length <= 200 ? key : undefined;
}
