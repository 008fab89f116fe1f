/**
 * Plans and monthly prices of spec 02 §9 (Free €0, Premium €12.99, Expert €29.99,
 * Ultimate €99.00; 125 messages a month on the free plan), in cents.
 */
export const PLANS = [
  { key: 'free', priceCents: 0, featureCount: 4 },
  { key: 'premium', priceCents: 1299, featureCount: 4 },
  { key: 'expert', priceCents: 2999, featureCount: 5 },
  { key: 'ultimate', priceCents: 9900, featureCount: 5 },
] as const;

export type PlanKey = (typeof PLANS)[number]['key'];
export const FREE_MESSAGES_PER_MONTH = 125;
export const PLAN_CURRENCY = 'EUR';
