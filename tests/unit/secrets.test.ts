import { describe, expect, it } from 'vitest';
import { createSecrets, lastFour, SecretUnavailableError } from '#server/secrets/secrets.ts';

/** The secrets module (decision 171): sealed values open only with their key and in their slot. */
const SECRET = 'first-app-secret-that-is-long-enough-0123456789';
const OTHER = 'second-app-secret-that-is-long-enough-9876543210';

describe('secrets', () => {
  it('seals to text without the plaintext and opens it again', () => {
    const secrets = createSecrets(SECRET);
    const sealed = secrets.seal('sk-live-0123456789abcdef', 'slot');
    expect(sealed).not.toContain('sk-live');
    expect(sealed.startsWith(`v1:${secrets.keyId}:`)).toBe(true);
    expect(secrets.open(sealed, 'slot')).toBe('sk-live-0123456789abcdef');
    // A fresh IV each time: the same key never seals to the same text twice.
    expect(secrets.seal('sk-live-0123456789abcdef', 'slot')).not.toBe(sealed);
  });

  it('refuses another APP_SECRET, another slot and a changed value with a clear error', () => {
    const sealed = createSecrets(SECRET).seal('value', 'slot');
    expect(() => createSecrets(OTHER).open(sealed, 'slot')).toThrow(
      /sealed with another APP_SECRET/,
    );
    expect(() => createSecrets(SECRET).open(sealed, 'other-slot')).toThrow(SecretUnavailableError);
    const [version, keyId, iv, tag, body] = sealed.split(':');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() =>
      createSecrets(SECRET).open([version, keyId, iv, tag, flipped].join(':'), 'slot'),
    ).toThrow(SecretUnavailableError);
    expect(() => createSecrets(SECRET).open('plain text', 'slot')).toThrow(/known format/);
  });

  it('opens values of a previous APP_SECRET during a rotation, and seals with the new one', () => {
    const old = createSecrets(SECRET).seal('value', 'slot');
    const rotated = createSecrets(OTHER, [SECRET]);
    expect(rotated.open(old, 'slot')).toBe('value');
    expect(rotated.seal('value', 'slot').split(':')[1]).toBe(createSecrets(OTHER).keyId);
  });

  it('shows at most the last four characters, and none of a short value', () => {
    expect(lastFour('sk-0123456789abcd')).toBe('abcd');
    expect(lastFour('short-key')).toBeNull();
    expect(lastFour(undefined)).toBeNull();
  });
});
