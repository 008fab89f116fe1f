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

  it('takes a PostgreSQL pool size of at least one connection', () => {
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBeUndefined();
    expect(loadEnv({ DATABASE_POOL_SIZE: '50' }).DATABASE_POOL_SIZE).toBe(50);
    for (const bad of ['0', '2.5', 'many']) {
      expect(() => loadEnv({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
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

  it('refuses TRUST_PROXY=true and says what to set instead', () => {
    let error: unknown;
    try {
      loadEnv({ TRUST_PROXY: 'true' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('X-Forwarded-For');
    expect(message).toContain('TRUST_PROXY=1');
    expect(() => loadEnv({ TRUST_PROXY: 'TRUE' })).toThrow(EnvError);
  });

  it('takes TRUST_PROXY as a number of hops or a list of proxy addresses', () => {
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 192.168.1.4, fd00::/8' }).TRUST_PROXY,
    ).toEqual(['loopback', '10.0.0.0/8', '192.168.1.4', 'fd00::/8']);
    expect(() => loadEnv({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY: .*not an address: nginx/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('reads PUBLIC_URL origins and the rate-limit factor', () => {
    const env = loadEnv({
      PUBLIC_URL: 'https://chat.example.com, https://www.chat.example.com',
      RATE_LIMIT_FACTOR: '2.5',
    });
    expect(env.PUBLIC_URL).toEqual(['https://chat.example.com', 'https://www.chat.example.com']);
    expect(env.RATE_LIMIT_FACTOR).toBe(2.5);
    expect(loadEnv({}).PUBLIC_URL).toEqual([]);
    expect(loadEnv({}).RATE_LIMIT_FACTOR).toBe(1);
    expect(() => loadEnv({ PUBLIC_URL: 'chat.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ RATE_LIMIT_FACTOR: '0' })).toThrow(/RATE_LIMIT_FACTOR/);
  });
});
