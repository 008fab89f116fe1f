/** Paid plans and their monthly prices in VAT-inclusive euro cents (decision 080). */
export const PAID_PLAN_IDS = ['premium', 'expert', 'ultimate'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
export const PLAN_IDS = ['free', ...PAID_PLAN_IDS] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type BillingInterval = 'month' | 'year';

export const MONTHLY_PRICE_CENTS: Record<PlanId, number> = {
  free: 0,
  premium: 1299,
  expert: 2999,
  ultimate: 9900,
};

/** A year costs ten months ('save 16%'). */
export const YEARLY_MONTHS_CHARGED = 10;
export const YEARLY_SAVING_PERCENT = 16;

/** Crypto terms: discount in percent by duration in months (spec 02 §9). */
export const CRYPTO_DISCOUNT_PERCENT = { 6: 10, 12: 20 } as const;
export type CryptoDuration = keyof typeof CRYPTO_DISCOUNT_PERCENT;

export function yearlyPriceCents(monthlyCents: number): number {
  return monthlyCents * YEARLY_MONTHS_CHARGED;
}

/** months × monthly − discount, rounded half-up to whole cents, in integer arithmetic. */
export function cryptoPriceCents(monthlyCents: number, months: CryptoDuration): number {
  const hundredths = months * monthlyCents * (100 - CRYPTO_DISCOUNT_PERCENT[months]);
  return Math.floor((hundredths + 50) / 100);
}

/**
 * What an upgrade charges now: the price difference for the part of the period still to run,
 * rounded half-up to cents (the sandbox's proration; Stripe prorates by itself).
 */
export function prorationCents(
  oldPriceCents: number,
  newPriceCents: number,
  remainingMs: number,
  periodMs: number,
): number {
  if (periodMs <= 0 || remainingMs <= 0 || newPriceCents <= oldPriceCents) return 0;
  const share = Math.min(1, remainingMs / periodMs);
  return Math.floor((newPriceCents - oldPriceCents) * share + 0.5);
}
