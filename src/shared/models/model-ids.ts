// No zod here: the chat screen's first load uses the catalogue (docs/PERFORMANCE.md).
import { isTierAtLeast, type SubscriptionTier } from '#shared/plans/tiers.ts';

/** Known model identifiers (spec 01-core §3); the chat engine adds provider data. */
export const MODEL_IDS = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4-turbo',
  'gpt-5',
  'gpt-4-vision-preview',
  'gpt-4-32k',
  'claude-sonnet-4',
  'claude-3-7-sonnet',
  'claude-3-opus',
  'llama-3.1-sonar-large-128k-online',
] as const;

export type ModelId = (typeof MODEL_IDS)[number];

export const DEFAULT_MODEL_ID: ModelId = 'gpt-4o';

/** Provider adapters (src/server/ai/providers.ts); 'openai-compatible' is Ollama, vLLM, llama.cpp, LM Studio. */
export const PROVIDERS = ['openai', 'anthropic', 'perplexity', 'openai-compatible'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export interface ModelInfo {
  id: ModelId;
  name: string;
  /** The lowest tier that may use the model; higher tiers inherit it (spec 01-core §4 tier order). */
  minTier: Extract<SubscriptionTier, 'free' | 'expert' | 'ultimate'>;
  provider: ProviderId;
  /** The provider's model name; an administrator may map it to another (ai_models). */
  upstreamModel: string;
  /** Whether images reach the model as images. */
  vision: boolean;
  /** Context window in tokens. */
  contextWindow: number;
  /** US dollars per million tokens, for token_usage.cost. */
  inputPricePerMillion: number;
  outputPricePerMillion: number;
}

const openai = (
  upstreamModel: string,
  vision: boolean,
  contextWindow: number,
  prices: [number, number],
) =>
  ({
    provider: 'openai',
    upstreamModel,
    vision,
    contextWindow,
    inputPricePerMillion: prices[0],
    outputPricePerMillion: prices[1],
  }) as const;
const anthropic = (upstreamModel: string, prices: [number, number]) =>
  ({
    provider: 'anthropic',
    upstreamModel,
    vision: true,
    contextWindow: 200_000,
    inputPricePerMillion: prices[0],
    outputPricePerMillion: prices[1],
  }) as const;

/**
 * Model access by tier (spec 01-core §6, 02 §6). Premium has no models of its own and,
 * ranking above free, gets the free ones. Upstream names and list prices as of 2025; models the
 * providers retired are served by their successors (GPT-4 Vision and GPT-4 32K by GPT-4 Turbo,
 * which has vision and a 128K window; Perplexity's Llama 3.1 online model by Sonar).
 */
export const MODELS: readonly ModelInfo[] = [
  { id: 'gpt-4o', name: 'GPT-4o', minTier: 'free', ...openai('gpt-4o', true, 128_000, [2.5, 10]) },
  {
    id: 'gpt-4o-mini',
    name: 'GPT-4o Mini',
    minTier: 'expert',
    ...openai('gpt-4o-mini', true, 128_000, [0.15, 0.6]),
  },
  {
    id: 'gpt-4-turbo',
    name: 'GPT-4 Turbo',
    minTier: 'expert',
    ...openai('gpt-4-turbo', true, 128_000, [10, 30]),
  },
  {
    id: 'gpt-5',
    name: 'GPT-5',
    minTier: 'ultimate',
    ...openai('gpt-5', true, 400_000, [1.25, 10]),
  },
  {
    id: 'gpt-4-vision-preview',
    name: 'GPT-4 Vision',
    minTier: 'ultimate',
    ...openai('gpt-4-turbo', true, 128_000, [10, 30]),
  },
  {
    id: 'gpt-4-32k',
    name: 'GPT-4 32K',
    minTier: 'ultimate',
    ...openai('gpt-4-turbo', false, 128_000, [10, 30]),
  },
  {
    id: 'claude-sonnet-4',
    name: 'Claude 4',
    minTier: 'ultimate',
    ...anthropic('claude-sonnet-4-20250514', [3, 15]),
  },
  {
    id: 'claude-3-7-sonnet',
    name: 'Claude 3.7 Sonnet',
    minTier: 'ultimate',
    ...anthropic('claude-3-7-sonnet-20250219', [3, 15]),
  },
  {
    id: 'claude-3-opus',
    name: 'Claude 3 Opus',
    minTier: 'ultimate',
    ...anthropic('claude-3-opus-20240229', [15, 75]),
  },
  {
    id: 'llama-3.1-sonar-large-128k-online',
    name: 'Perplexity Llama 3.1 (online)',
    minTier: 'ultimate',
    provider: 'perplexity',
    upstreamModel: 'sonar',
    vision: false,
    contextWindow: 127_000,
    inputPricePerMillion: 1,
    outputPricePerMillion: 1,
  },
];

/**
 * Replies not written by a provider model: the built-in offline assistant (no provider
 * configured) and predefined answers (ai_predefined_answers). Stored in messages.model and
 * token_usage.model.
 */
export const OFFLINE_MODEL_ID = 'offline';
export const PREDEFINED_MODEL_ID = 'predefined';
/** The offline assistant's display name in each interface language (spec 01-core §1). */
export const OFFLINE_MODEL_NAMES = {
  de: 'Orbit Offline-Assistent',
  en: 'Orbit offline assistant',
  zh: 'Orbit 离线助手',
  mk: 'Orbit офлајн асистент',
  sq: 'Asistenti offline i Orbit',
  ko: 'Orbit 오프라인 도우미',
} as const;
export const PREDEFINED_MODEL_NAME = 'Orbit';

export function findModel(id: string): ModelInfo | undefined {
  return MODELS.find((model) => model.id === id);
}

/** The models a tier may use: its own and those of every lower tier. Pass the effective tier. */
export function modelsForTier(tier: string | null | undefined): ModelInfo[] {
  return MODELS.filter((model) => isTierAtLeast(tier, model.minTier));
}

export function isModelAllowedForTier(id: string, tier: string | null | undefined): boolean {
  const model = findModel(id);
  return model !== undefined && isTierAtLeast(tier, model.minTier);
}
