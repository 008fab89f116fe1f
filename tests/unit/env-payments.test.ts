import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '#server/env.ts';

describe('payment configuration (decision 083)', () => {
  it('runs the sandbox on a first start without NODE_ENV', () => {
    expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses the sandbox under an explicit NODE_ENV=production unless PAYMENTS_SANDBOX=true', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/PAYMENTS_SANDBOX/);
    expect(loadEnv({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).PAYMENTS_SANDBOX).toBe(
      true,
    );
    const stripe = loadEnv({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(stripe.STRIPE_SECRET_KEY).toBe('sk_live_x');
  });

  it('needs the webhook secret with a Stripe key, and a URL as API base', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() =>
      loadEnv({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'w',
        STRIPE_API_BASE: 'nope',
      }),
    ).toThrow(/STRIPE_API_BASE/);
  });
});
