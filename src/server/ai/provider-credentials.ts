import type { FastifyBaseLogger } from 'fastify';
import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import { PROVIDER_CREDENTIALS_TOPIC } from '#server/realtime/topics.ts';
import { lastFour, SecretUnavailableError, type Secrets } from '#server/secrets/secrets.ts';
import { invalid, notFound } from '#shared/errors/app-error.ts';
import {
  PROVIDER_KEY_IDS,
  type ProviderKeyId,
  type ProviderKeyStatus,
  type ProviderKeyUpdate,
} from '#shared/admin/provider-keys.ts';
import {
  deleteProviderCredential,
  findProviderCredential,
  readProviderCredentials,
  saveProviderCredential,
  type ProviderCredentialRow,
} from './provider-credentials.queries.ts';
import { PROVIDER_DEFAULT_BASE_URLS, type ProviderConfig } from './providers.ts';

/** A lost change notice costs at most this long (as app settings, decision 121). */
export const PROVIDER_CREDENTIALS_REFRESH_MS = 30_000;

const ENV_NAMES = {
  openai: { key: 'OPENAI_API_KEY', url: 'OPENAI_BASE_URL' },
  anthropic: { key: 'ANTHROPIC_API_KEY', url: 'ANTHROPIC_BASE_URL' },
  perplexity: { key: 'PERPLEXITY_API_KEY', url: 'PERPLEXITY_BASE_URL' },
} as const satisfies Record<
  ProviderKeyId,
  { key: keyof ProviderConfig; url: keyof ProviderConfig }
>;

/** The authenticated context a key is sealed under: a sealed key opens only in its own slot. */
const sealContext = (provider: string) => `provider-credentials:${provider}:apiKey`;

interface Opened {
  row: ProviderCredentialRow;
  apiKey: string | undefined;
  error: string | null;
}

/**
 * The AI provider credentials in effect: the administrator's (stored sealed, decision 171) over
 * the environment's. Held in memory and opened once per load, so a chat reads them without a
 * query or a decryption; a change reloads this instance, is announced to the others, and every
 * instance reloads every 30 s in case a notice was lost.
 */
export interface ProviderCredentialsStore {
  /** Same object until something changes, so the providers built from it can be kept. */
  current(): ProviderConfig;
  describe(): ProviderKeyStatus[];
  update(actor: AuditActor, provider: ProviderKeyId, change: ProviderKeyUpdate): Promise<void>;
  remove(actor: AuditActor, provider: ProviderKeyId): Promise<void>;
  reload(): Promise<void>;
  close(): Promise<void>;
}

export async function createProviderCredentials(deps: {
  db: Database;
  env: ProviderConfig;
  secrets: Secrets;
  pubsub: PubSub;
  log: FastifyBaseLogger;
  refreshMs?: number;
}): Promise<ProviderCredentialsStore> {
  const { db, env, secrets, pubsub, log } = deps;
  let opened = new Map<string, Opened>();
  let config: ProviderConfig = merge(env, opened);
  const reported = new Set<string>();

  function open(row: ProviderCredentialRow): Opened {
    if (!row.apiKeySealed) return { row, apiKey: undefined, error: null };
    try {
      return {
        row,
        apiKey: secrets.open(row.apiKeySealed, sealContext(row.provider)),
        error: null,
      };
    } catch (error) {
      if (!(error instanceof SecretUnavailableError)) throw error;
      // Said once per provider and reason, not at every refresh.
      const note = `${row.provider}: ${error.message}`;
      if (!reported.has(note)) {
        reported.add(note);
        log.error(
          { provider: row.provider, reason: error.message },
          'stored provider key unusable',
        );
      }
      return { row, apiKey: undefined, error: error.message };
    }
  }

  async function reload() {
    const rows = await readProviderCredentials(db);
    opened = new Map(rows.map((row) => [row.provider, open(row)]));
    const next = merge(env, opened);
    if (JSON.stringify(next) !== JSON.stringify(config)) config = next;
  }

  const reloadQuietly = () =>
    reload().catch((error: unknown) => log.error({ err: error }, 'reloading provider keys failed'));

  await reload();
  const unsubscribe = await pubsub.subscribe(
    PROVIDER_CREDENTIALS_TOPIC,
    () => void reloadQuietly(),
  );
  const timer = setInterval(
    () => void reloadQuietly(),
    deps.refreshMs ?? PROVIDER_CREDENTIALS_REFRESH_MS,
  );
  timer.unref();

  async function changed() {
    await reload();
    pubsub.publish(PROVIDER_CREDENTIALS_TOPIC, {});
  }

  return {
    current: () => config,
    describe: () => PROVIDER_KEY_IDS.map((provider) => describe(provider, env, opened)),
    reload,
    async update(actor, provider, change) {
      const target = { type: 'provider_key', id: provider };
      await withAudit(db, actor, 'provider-key.update', target, async (tx, record) => {
        const row = await findProviderCredential(tx, provider);
        record.before = auditView(row?.apiKeySealed ?? null, row?.baseUrl ?? null);
        const apiKeySealed =
          change.apiKey === undefined
            ? (row?.apiKeySealed ?? null)
            : change.apiKey && secrets.seal(change.apiKey, sealContext(provider));
        const apiKeyLast4 =
          change.apiKey === undefined ? (row?.apiKeyLast4 ?? null) : lastFour(change.apiKey);
        const baseUrl = change.baseUrl === undefined ? (row?.baseUrl ?? null) : change.baseUrl;
        if (apiKeySealed === null && withholdsEnvKey(provider, env, baseUrl)) {
          throw invalid(ENDPOINT_NEEDS_KEY, { apiKey: ['Required with this endpoint'] });
        }
        record.after = auditView(apiKeySealed, baseUrl);
        if (apiKeySealed === null && baseUrl === null) {
          await deleteProviderCredential(tx, provider);
          return;
        }
        await saveProviderCredential(tx, {
          provider,
          apiKeySealed,
          apiKeyLast4,
          baseUrl,
          updatedBy: actor.userId,
          updatedByUsername: actor.username,
        });
      });
      await changed();
    },
    async remove(actor, provider) {
      const target = { type: 'provider_key', id: provider };
      await withAudit(db, actor, 'provider-key.remove', target, async (tx, record) => {
        const row = await findProviderCredential(tx, provider);
        if (!row) throw notFound('No key or endpoint was set for this provider in the admin area');
        record.before = auditView(row.apiKeySealed, row.baseUrl);
        await deleteProviderCredential(tx, provider);
      });
      await changed();
    },
    async close() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}

/** What the audit log keeps: never the key, not even sealed (the field name is redacted too). */
function auditView(apiKeySealed: string | null, baseUrl: string | null) {
  return { apiKey: apiKeySealed === null ? null : 'set', baseUrl };
}

/** Where the environment's key may go: the environment's endpoint, else the provider's default. */
function envEndpoint(provider: ProviderKeyId, env: ProviderConfig) {
  return (env[ENV_NAMES[provider].url] ?? PROVIDER_DEFAULT_BASE_URLS[provider]).replace(/\/+$/, '');
}

/**
 * Whether an administrator's endpoint without a key of its own would be handed the
 * environment's key. The environment's key is the operator's secret (decision 171: never
 * revealed); an administrator who could point it at a host of theirs would read it from the
 * first chat's Authorization header, so it goes only to the endpoint the environment names
 * (decision 324). Without an environment key there is nothing to withhold: a keyless
 * OpenAI-compatible server stays a URL alone.
 */
function withholdsEnvKey(provider: ProviderKeyId, env: ProviderConfig, baseUrl: string | null) {
  return (
    Boolean(env[ENV_NAMES[provider].key]) &&
    baseUrl !== null &&
    baseUrl !== envEndpoint(provider, env)
  );
}

const ENDPOINT_NEEDS_KEY =
  "An endpoint set in the admin area needs a key set there too: the server environment's key " +
  "is only sent to the environment's endpoint";

function merge(env: ProviderConfig, opened: ReadonlyMap<string, Opened>): ProviderConfig {
  const config: ProviderConfig = { ...env };
  const misconfigured: NonNullable<ProviderConfig['misconfigured']> = {};
  for (const provider of PROVIDER_KEY_IDS) {
    const admin = opened.get(provider);
    const names = ENV_NAMES[provider];
    const baseUrl = admin?.row.baseUrl ?? null;
    if (admin?.apiKey) {
      config[names.key] = admin.apiKey;
    } else if (withholdsEnvKey(provider, env, baseUrl)) {
      delete config[names.key];
      delete config[names.url];
      misconfigured[provider] = ENDPOINT_NEEDS_KEY;
      continue;
    }
    if (baseUrl) config[names.url] = baseUrl;
  }
  if (Object.keys(misconfigured).length > 0) config.misconfigured = misconfigured;
  return config;
}

function describe(
  provider: ProviderKeyId,
  env: ProviderConfig,
  opened: ReadonlyMap<string, Opened>,
): ProviderKeyStatus {
  const admin = opened.get(provider);
  const names = ENV_NAMES[provider];
  const envKey = env[names.key];
  const envUrl = env[names.url];
  const endpointNeedsKey =
    !admin?.apiKey && withholdsEnvKey(provider, env, admin?.row.baseUrl ?? null);
  const apiKey = admin?.apiKey
    ? { configured: true, source: 'admin' as const, last4: admin.row.apiKeyLast4 }
    : envKey && !endpointNeedsKey
      ? { configured: true, source: 'env' as const, last4: lastFour(envKey) }
      : { configured: false, source: null, last4: null };
  const baseUrl = admin?.row.baseUrl
    ? { value: admin.row.baseUrl, source: 'admin' as const }
    : envUrl
      ? { value: envUrl, source: 'env' as const }
      : { value: PROVIDER_DEFAULT_BASE_URLS[provider], source: 'default' as const };
  return {
    provider,
    apiKey,
    baseUrl,
    endpointNeedsKey,
    updatedAt: admin?.row.updatedAt.toISOString() ?? null,
    updatedBy: admin?.row.updatedByUsername ?? null,
    error: admin?.error ?? null,
  };
}
