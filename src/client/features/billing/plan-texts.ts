import type { Plan } from '#shared/billing/billing-schemas.ts';
import type { PlanId } from '#shared/billing/prices.ts';

/**
 * How many translated feature lines each plan has (`pages:plans.<id>.featureN`, spec 02 §9);
 * prices, order and model groups come from GET /api/plans (decision 090).
 */
export const FEATURE_COUNT: Record<PlanId, number> = {
  free: 4,
  premium: 4,
  expert: 5,
  ultimate: 5,
};
export const FREE_MESSAGES_PER_MONTH = 125;

/** The model names each marketing group stands for (spec 02 §6); names are not translated. */
export const GROUP_MODELS: Record<Plan['modelGroups'][number], string> = {
  standard: 'GPT-4o',
  expert_plus: 'GPT-4o Mini, GPT-4 Turbo',
  ultimate: 'GPT-4 Vision, GPT-4 32K, Claude 3 Opus, Claude 3.7 Sonnet, Perplexity',
};
