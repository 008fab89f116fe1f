import type { Catalogue, CatalogueModel } from '#server/ai/model-catalogue.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import { hasModelAccess, type TokenBudget } from '#server/ai/token-budget.ts';
import type { ModelVariant } from '#shared/codehub/website-builder-schemas.ts';
import { DEFAULT_MODEL_ID } from '#shared/models/model-ids.ts';
import { isTierAtLeast, type SubscriptionTier } from '#shared/plans/tiers.ts';

/**
 * Built-in models from the strongest writer of web pages down (decision 247). Models an
 * administrator added rank after these; Perplexity's online search model never writes pages.
 */
const STRENGTH = [
  'gpt-5',
  'claude-sonnet-4',
  'claude-3-7-sonnet',
  'gpt-4o',
  'claude-3-opus',
  'gpt-4-turbo',
  'gpt-4-32k',
  'gpt-4-vision-preview',
  'gpt-4o-mini',
];

const rank = (model: CatalogueModel) => {
  const index = STRENGTH.indexOf(model.id);
  return index === -1 ? STRENGTH.length : index;
};

/**
 * The model of a build: among the enabled models the tier allows, its token_limits flags allow
 * (GPT-5, Claude 4; decision 329) and whose provider is configured, 'quality' and the
 * professional build take the strongest, 'fast' the cheapest output, 'balanced' the
 * administrator's default model (else GPT-4o, else the strongest). A flag only narrows the
 * choice: the build never answers 403 for a model it picked itself. Undefined when none can
 * answer: the offline author builds the page then.
 */
export function chooseBuilderModel(input: {
  catalogue: Catalogue;
  providers: AiProviders;
  tier: SubscriptionTier;
  budget: TokenBudget | undefined;
  variant: ModelVariant;
  professional: boolean;
  defaultModel: string | null;
}): CatalogueModel | undefined {
  const usable = [...input.catalogue.values()]
    .filter(
      (model) =>
        model.enabled &&
        model.provider !== 'perplexity' &&
        isTierAtLeast(input.tier, model.minTier) &&
        hasModelAccess(input.budget, model.id) &&
        input.providers.status(model.provider).configured,
    )
    .sort((a, b) => rank(a) - rank(b));
  if (usable.length === 0) return undefined;
  if (input.professional || input.variant === 'quality') return usable[0];
  if (input.variant === 'fast') {
    return [...usable].sort((a, b) => a.outputPricePerMillion - b.outputPricePerMillion)[0];
  }
  for (const id of [input.defaultModel, DEFAULT_MODEL_ID]) {
    const model = usable.find((candidate) => candidate.id === id);
    if (model) return model;
  }
  return usable[0];
}
