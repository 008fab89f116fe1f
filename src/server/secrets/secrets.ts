import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The one place secrets at rest are sealed (ARCHITECTURE.md "a secret is stored"): AES-256-GCM
 * with a key derived from APP_SECRET by HKDF-SHA256. A sealed value names the key that sealed it
 * (a short id derived from that key), so a rotated APP_SECRET can keep opening old values while
 * they are re-sealed, and a value sealed under another secret fails with a clear error instead of
 * garbage. The context (e.g. `provider:openai:apiKey`) is authenticated data: a value copied into
 * another slot does not open. Plaintexts are never logged or returned by this module's errors.
 */

const VERSION = 'v1';
const HKDF_SALT = 'orbit-chat/secrets';
const HKDF_INFO = 'aes-256-gcm v1';
const IV_BYTES = 12;

/** A sealed value that cannot be opened: another APP_SECRET, or damaged. Never holds the value. */
export class SecretUnavailableError extends Error {
  override name = 'SecretUnavailableError';
}

export interface Secrets {
  /** The id of the key new values are sealed with. */
  readonly keyId: string;
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

interface DerivedKey {
  id: string;
  key: Buffer;
}

function deriveKey(appSecret: string): DerivedKey {
  const key = Buffer.from(hkdfSync('sha256', appSecret, HKDF_SALT, HKDF_INFO, 32));
  // The id reveals nothing useful about the key: an HMAC of a fixed label, cut short.
  const id = createHmac('sha256', key).update('orbit-chat key id').digest('hex').slice(0, 8);
  return { id, key };
}

/**
 * `appSecret` seals; `previousSecrets` (older APP_SECRETs during a rotation) only open.
 */
export function createSecrets(appSecret: string, previousSecrets: readonly string[] = []): Secrets {
  const current = deriveKey(appSecret);
  const keys = new Map([current, ...previousSecrets.map(deriveKey)].map((k) => [k.id, k.key]));
  return {
    keyId: current.id,
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return [VERSION, current.id, ...parts].join(':');
    },
    open(sealed, context) {
      const [version, keyId, iv, tag, body, ...rest] = sealed.split(':');
      if (version !== VERSION || !keyId || !iv || !tag || body === undefined || rest.length > 0) {
        throw new SecretUnavailableError('The stored secret is not in a known format');
      }
      const key = keys.get(keyId);
      if (!key) {
        throw new SecretUnavailableError(
          `The stored secret was sealed with another APP_SECRET (key id ${keyId}; this server has ${current.id})`,
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        throw new SecretUnavailableError('The stored secret does not open with this APP_SECRET');
      }
    },
  };
}

/** At most the last four characters, and only of a value long enough that they give little away. */
export function lastFour(value: string | undefined | null): string | null {
  if (!value || value.length < 12) return null;
  return value.slice(-4);
}
