import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Env } from '#server/env.ts';
import type { ProviderId } from '#shared/models/model-ids.ts';
import type { ChatCompletionsEndpoint } from './chat-completions-stream.ts';
import type { CatalogueModel } from './model-catalogue.ts';

export type ProviderStatus = { configured: true } | { configured: false; reason: string };

/** Credentials and endpoints of the providers, named as their environment variables. */
export type ProviderConfig = Pick<
  Env,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'ANTHROPIC_API_KEY'
  | 'ANTHROPIC_BASE_URL'
  | 'PERPLEXITY_API_KEY'
  | 'PERPLEXITY_BASE_URL'
> & {
  /**
   * Providers that must not answer, with the reason chats and the model list give: e.g. an
   * endpoint set in the admin area without a key of its own, to which the environment's key is
   * not sent (decision 324). They count as set up, so the offline assistant does not cover them.
   */
  misconfigured?: Partial<Record<keyof typeof PROVIDER_DEFAULT_BASE_URLS, string>>;
};

export interface AiProviders {
  /** No provider is configured: the built-in offline assistant answers every chat. */
  readonly offline: boolean;
  status(provider: ProviderId): ProviderStatus;
  /** The SDK model for a configured provider (check status first). */
  languageModel(model: Pick<CatalogueModel, 'provider' | 'upstreamModel'>): LanguageModelV3;
  /** Where streamed Chat Completions go (OpenAI and compatible servers); else undefined. */
  chatCompletionsEndpoint(provider: ProviderId): ChatCompletionsEndpoint | undefined;
}

const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Where each provider is reached when no base URL is configured (the SDKs' defaults). */
export const PROVIDER_DEFAULT_BASE_URLS = {
  openai: OPENAI_DEFAULT_BASE_URL,
  anthropic: 'https://api.anthropic.com/v1',
  perplexity: 'https://api.perplexity.ai',
} as const;

/**
 * The providers for the credentials in effect now. `source` is read on every use (the admin
 * area's keys change at run time, provider-credentials.ts); the adapters are rebuilt only when
 * it hands out another object, so the hot path pays one comparison.
 */
export function createAiProviders(source: ProviderConfig | (() => ProviderConfig)): AiProviders {
  const read = typeof source === 'function' ? source : () => source;
  let built: { config: ProviderConfig; providers: AiProviders } | undefined;
  const providers = () => {
    const config = read();
    if (built?.config !== config) built = { config, providers: buildAiProviders(config) };
    return built.providers;
  };
  return {
    get offline() {
      return providers().offline;
    },
    status: (provider) => providers().status(provider),
    languageModel: (model) => providers().languageModel(model),
    chatCompletionsEndpoint: (provider) => providers().chatCompletionsEndpoint(provider),
  };
}

/**
 * One adapter per provider on the Vercel AI SDK. OpenAI and every OpenAI-compatible server
 * (Ollama, vLLM, llama.cpp, LM Studio) share the Chat Completions adapter (`.chat()`; the
 * default would call the Responses API, which compatible servers lack). A compatible server
 * usually needs no key, so OPENAI_BASE_URL alone configures it.
 */
function buildAiProviders(env: ProviderConfig): AiProviders {
  const misconfigured = env.misconfigured ?? {};
  const openai =
    env.OPENAI_API_KEY || env.OPENAI_BASE_URL
      ? lazyProvider(async () => {
          const { createOpenAI } = await import('@ai-sdk/openai');
          const provider = createOpenAI({
            apiKey: env.OPENAI_API_KEY ?? 'not-needed',
            ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
          });
          return (modelId) => provider.chat(modelId);
        })
      : undefined;
  const openaiEndpoint = openai
    ? {
        baseUrl: (env.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, ''),
        apiKey: env.OPENAI_API_KEY ?? 'not-needed',
      }
    : undefined;
  const anthropic = env.ANTHROPIC_API_KEY
    ? lazyProvider(async () => {
        const { createAnthropic } = await import('@ai-sdk/anthropic');
        return createAnthropic({
          apiKey: env.ANTHROPIC_API_KEY,
          ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
        });
      })
    : undefined;
  const perplexity = env.PERPLEXITY_API_KEY
    ? lazyProvider(async () => {
        const { createPerplexity } = await import('@ai-sdk/perplexity');
        return createPerplexity({
          apiKey: env.PERPLEXITY_API_KEY,
          ...(env.PERPLEXITY_BASE_URL ? { baseURL: env.PERPLEXITY_BASE_URL } : {}),
        });
      })
    : undefined;

  const status = (provider: ProviderId): ProviderStatus => {
    switch (provider) {
      case 'openai':
        return openai
          ? { configured: true }
          : { configured: false, reason: misconfigured.openai ?? 'OPENAI_API_KEY is not set' };
      case 'openai-compatible':
        return openai
          ? { configured: true }
          : { configured: false, reason: misconfigured.openai ?? 'OPENAI_BASE_URL is not set' };
      case 'anthropic':
        return anthropic
          ? { configured: true }
          : {
              configured: false,
              reason: misconfigured.anthropic ?? 'ANTHROPIC_API_KEY is not set',
            };
      case 'perplexity':
        return perplexity
          ? { configured: true }
          : {
              configured: false,
              reason: misconfigured.perplexity ?? 'PERPLEXITY_API_KEY is not set',
            };
    }
  };

  return {
    offline: !openai && !anthropic && !perplexity && Object.keys(misconfigured).length === 0,
    status,
    languageModel({ provider, upstreamModel }) {
      if (provider === 'anthropic' && anthropic) return anthropic(provider, upstreamModel);
      if (provider === 'perplexity' && perplexity) return perplexity(provider, upstreamModel);
      if ((provider === 'openai' || provider === 'openai-compatible') && openai) {
        return openai(provider, upstreamModel);
      }
      throw new Error(`Provider ${provider} is not configured`);
    },
    chatCompletionsEndpoint(provider) {
      if (!openaiEndpoint || (provider !== 'openai' && provider !== 'openai-compatible')) {
        return undefined;
      }
      return { ...openaiEndpoint, provider };
    },
  };
}

type ModelFactory = (modelId: string) => LanguageModelV3;

/**
 * A provider whose SDK adapter is imported on its first call, not at start-up: each adapter costs
 * ≈ 15 MiB of memory, and OpenAI's streamed replies do not use it at all (decision 041's lean
 * reader; decision 270). The models it hands out load it in doGenerate/doStream, which are async.
 */
function lazyProvider(load: () => Promise<ModelFactory>) {
  let factory: Promise<ModelFactory> | undefined;
  return (provider: ProviderId, modelId: string): LanguageModelV3 => {
    let model: Promise<LanguageModelV3> | undefined;
    const real = () => (model ??= (factory ??= load()).then((create) => create(modelId)));
    return {
      specificationVersion: 'v3',
      provider,
      modelId,
      get supportedUrls() {
        return real().then((loaded) => loaded.supportedUrls);
      },
      doGenerate: async (options) => (await real()).doGenerate(options),
      doStream: async (options) => (await real()).doStream(options),
    };
  };
}

/**
 * The AI SDK prints provider warnings (e.g. an unknown model's output limit) to the console;
 * they belong in the server log with everything else. The setting is process-wide.
 */
export function logSdkWarnings(log: { warn(object: object, message: string): void }) {
  globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => {
    log.warn({ warnings, provider, model }, 'AI provider warning');
  };
}
