import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '#server/env.ts';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 5000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      ALLOWED_ORIGINS: [],
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_SECRET).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    const env = loadEnv({ DATABASE_URL: '', APP_SECRET: '  ' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_SECRET).toBeUndefined();
  });

  it('parses origins and ports', () => {
    const env = loadEnv({
      PORT: '8080',
      ALLOWED_ORIGINS: 'capacitor://localhost, https://localhost',
    });
    expect(env.PORT).toBe(8080);
    expect(env.ALLOWED_ORIGINS).toEqual(['capacitor://localhost', 'https://localhost']);
  });

  it('names every bad variable in one message, without echoing secret values', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        APP_SECRET: 'short-secret-value',
        LOG_LEVEL: 'loud',
        ADMIN_USERNAME: 'root',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'APP_SECRET', 'LOG_LEVEL', 'ADMIN_PASSWORD']) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('short-secret-value');
  });
});
