import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from '#server/http/trust-proxy.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A comma-separated list, blanks dropped ('' is an empty list). */
const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/**
 * The only reader of process.env (STYLE.md habit 2). Every variable is documented in README.md.
 */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    /** Connections to PostgreSQL per instance; unset, db/client.ts's DEFAULT_POOL_SIZE. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
    APP_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(8, 'must be at least 8 characters').optional(),
    ),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** Log lines this instance keeps in memory for the admin logs screen (observability/). */
    LOG_BUFFER_SIZE: z.coerce.number().int().min(100).max(1_000_000).default(10_000),
    /** Days the daily log files in DATA_DIR/logs are kept. */
    LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
    /** Bearer token of GET /metrics (Prometheus); unset, the route does not exist (404). */
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    /** The deployed commit, shown in the admin performance screen; unset, git is asked. */
    GIT_COMMIT: optionalText,
    /** Client error reports are also forwarded to Sentry when set (features/client-errors). */
    SENTRY_DSN: optionalText.pipe(z.url({ message: 'must be a Sentry DSN URL' }).optional()),
    ALLOWED_ORIGINS: commaList.pipe(
      z.array(z.url({ message: 'must be a comma-separated list of origins' })),
    ),
    /** Proxy hops or proxy addresses whose X-Forwarded-* headers count (http/trust-proxy.ts). */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((raw, context): TrustProxy => {
        const parsed = parseTrustProxy(raw);
        if ('value' in parsed) return parsed.value;
        context.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }),
    /**
     * The origins users reach the server at; an API request naming another host is refused
     * (DNS rebinding, http/host-check.ts). IP addresses and localhost are always accepted.
     */
    PUBLIC_URL: commaList.pipe(
      z.array(z.url({ protocol: /^https?$/, message: 'must be http(s) origins, comma-separated' })),
    ),
    /** Multiplies every general rate limit (http/general-rate-limit.ts); tests and benches raise it. */
    RATE_LIMIT_FACTOR: z.coerce.number().positive('must be a positive number').default(1),
    CLIENT_DIST_DIR: z.string().min(1).default('./dist/client'),
    // AI providers, named as the official SDKs name them. With none set, the built-in offline
    // assistant answers every chat (src/server/ai/offline-assistant.ts).
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: optionalText.pipe(z.url({ message: 'must be a URL' }).optional()),
    ANTHROPIC_API_KEY: optionalText,
    ANTHROPIC_BASE_URL: optionalText.pipe(z.url({ message: 'must be a URL' }).optional()),
    PERPLEXITY_API_KEY: optionalText,
    PERPLEXITY_BASE_URL: optionalText.pipe(z.url({ message: 'must be a URL' }).optional()),
    /** Redis for rate limits, live events and replies shared by several instances (redis.ts). */
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
        .optional(),
    ),
    /** Starts every Redis key and channel, so several deployments can share one Redis. */
    REDIS_PREFIX: z.string().min(1).default('orbit:'),
    /** Sign-ups one client address may make per hour (spraying accounts). */
    REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** How long a background job stays leased to its instance without renewal (src/server/jobs). */
    JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Card payments through Stripe (features/billing, decision 082); without it: the sandbox. */
    STRIPE_SECRET_KEY: optionalText,
    /** Signing secret of the Stripe webhook endpoint POST /api/webhooks/stripe (whsec_…). */
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Another origin for the Stripe API (stripe-mock, the tests' fake Stripe). */
    STRIPE_API_BASE: optionalText.pipe(z.url({ message: 'must be a URL' }).optional()),
    /** Allows the TEST MODE payment sandbox when NODE_ENV=production is set explicitly. */
    PAYMENTS_SANDBOX: z
      .enum(['true', 'false', ''])
      .default('false')
      .transform((value) => value === 'true'),
    /** Our wallets for crypto payments; without both, crypto runs in test mode (decision 084). */
    CRYPTO_BTC_ADDRESS: optionalText,
    CRYPTO_ETH_ADDRESS: optionalText,
    /** A CoinGecko-style simple-price endpoint for EUR rates of bitcoin and ethereum. */
    CRYPTO_RATES_URL: optionalText.pipe(z.url({ message: 'must be a URL' }).optional()),
    /** The seller printed on our numbered receipts (features/billing/receipt-html.ts, decision 110). */
    RECEIPT_SELLER_NAME: optionalText,
    /** Its postal address; lines separated by `\n` (a real line break or the two characters). */
    RECEIPT_SELLER_ADDRESS: optionalText,
    RECEIPT_VAT_ID: optionalText,
    /** The VAT rate prices include; a receipt states the VAT it contains. */
    RECEIPT_VAT_RATE_PERCENT: z.coerce
      .number()
      .min(0, 'must be between 0 and 100')
      .max(100, 'must be between 0 and 100')
      .default(19),
    /** Where backups are written (features/backups); default DATA_DIR/backups. */
    BACKUP_DIR: optionalText,
    /** Largest backup file an administrator may upload to restore. */
    BACKUP_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
    /** Longest wait for the first or the next chunk of an AI reply. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    /** Headless Chromium that takes the website builder's screenshots (and runs the browser tests). */
    CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
    /** Longest a website build may take; spec 02 §7 says 10 minutes (tests set less). */
    WEBSITE_BUILD_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(600_000),
  })
  // `when` makes the check run even if other variables are invalid, so all problems show at once.
  .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
    message: 'STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine((env) => !env.ADMIN_USERNAME === !env.ADMIN_PASSWORD, {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
    when: (payload) => {
      const value = payload.value as Record<string, unknown>;
      const isSet = (key: string) => typeof value[key] === 'string' && value[key].trim() !== '';
      return isSet('ADMIN_USERNAME') !== isSet('ADMIN_PASSWORD');
    },
  });

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment once; lists every bad variable in one message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) {
    // A deployment that says it is production must not sell through the TEST MODE sandbox by
    // accident (decision 083); an unset NODE_ENV (a first `npm start`) may.
    const data = result.data;
    if (source.NODE_ENV === 'production' && !data.STRIPE_SECRET_KEY && !data.PAYMENTS_SANDBOX) {
      throw new EnvError(
        'Invalid environment configuration:\n  PAYMENTS_SANDBOX: NODE_ENV=production without ' +
          'STRIPE_SECRET_KEY would run the TEST MODE payment sandbox; set STRIPE_SECRET_KEY, or ' +
          'PAYMENTS_SANDBOX=true to run the sandbox on purpose',
      );
    }
    return data;
  }
  const lines = result.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
  );
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
}
