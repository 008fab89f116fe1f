import type { Plan } from '#shared/billing/billing-schemas.ts';
import type { CryptoDuration } from '#shared/billing/prices.ts';

/** The price of a crypto term from GET /api/plans (VAT-inclusive cents, decision 080). */
export const cryptoPriceOf = (plan: Plan, months: CryptoDuration) =>
  months === 6 ? plan.crypto6PriceCents : plan.crypto12PriceCents;
