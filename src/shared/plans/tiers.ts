// No zod here: the chat screen's first load uses these rules (docs/PERFORMANCE.md, client bundle).

/** Stored tiers (spec 01-core §3). 'pro' is a legacy value treated as premium. */
export const SUBSCRIPTION_TIERS = ['free', 'pro', 'premium', 'expert', 'ultimate'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export function isSubscriptionTier(value: string): value is SubscriptionTier {
  return (SUBSCRIPTION_TIERS as readonly string[]).includes(value);
}

/** Tier order free < premium < expert < ultimate (spec 01-core §4). */
const TIER_RANK: Record<SubscriptionTier, number> = {
  free: 0,
  pro: 1,
  premium: 1,
  expert: 2,
  ultimate: 3,
};

export function tierRank(tier: string | null | undefined): number {
  return TIER_RANK[(tier ?? 'free').toLowerCase() as SubscriptionTier] ?? 0;
}

export function isTierAtLeast(tier: string | null | undefined, minimum: SubscriptionTier): boolean {
  return tierRank(tier) >= TIER_RANK[minimum];
}

export interface SubscriptionState {
  subscriptionTier: string | null;
  subscriptionExpiry: Date | string | null;
}

/**
 * A paid subscription is active when the tier is above free and it has not expired.
 * No expiry date means it does not lapse (granted by an administrator).
 * See docs/decisions/003-premium-access.md: no id/username shortcuts.
 */
export function hasActiveSubscription(user: SubscriptionState, now = new Date()): boolean {
  if (tierRank(user.subscriptionTier) === 0) return false;
  if (user.subscriptionExpiry === null) return true;
  return new Date(user.subscriptionExpiry).getTime() > now.getTime();
}

/** The tier a user effectively has now: an expired subscription falls back to free. */
export function effectiveTier(user: SubscriptionState, now = new Date()): SubscriptionTier {
  if (!hasActiveSubscription(user, now)) return 'free';
  const tier = (user.subscriptionTier ?? 'free').toLowerCase() as SubscriptionTier;
  return tier === 'pro' ? 'premium' : tier;
}

export interface AccessState extends SubscriptionState {
  isAdmin: boolean;
}

/**
 * The tier whose rules apply to a user (models, history window, token limits): administrators
 * get Ultimate, everyone else their effective tier. Premium access = an active paid subscription
 * or an administrator (docs/decisions/003-premium-access.md, 007-access-tier.md).
 */
export function accessTier(user: AccessState, now = new Date()): SubscriptionTier {
  return user.isAdmin ? 'ultimate' : effectiveTier(user, now);
}

/** Stored messages sent with each new message, by tier (spec 01-core §9; unknown tier 2). */
const HISTORY_WINDOW: Record<SubscriptionTier, number> = {
  free: 2,
  pro: 8,
  premium: 8,
  expert: 20,
  ultimate: 50,
};

export function historyWindow(tier: string | null | undefined): number {
  return HISTORY_WINDOW[(tier ?? '').toLowerCase() as SubscriptionTier] ?? 2;
}

const MB = 1024 * 1024;

/**
 * Room for uploaded files, by tier: every file a user keeps counts, attached or not
 * (docs/decisions/071-storage-quotas.md). Unknown tiers get free's.
 */
export const STORAGE_QUOTA_BYTES: Record<SubscriptionTier, number> = {
  free: 100 * MB,
  pro: 1024 * MB,
  premium: 1024 * MB,
  expert: 5 * 1024 * MB,
  ultimate: 20 * 1024 * MB,
};

export function storageQuotaFor(tier: string | null | undefined): number {
  return (
    STORAGE_QUOTA_BYTES[(tier ?? '').toLowerCase() as SubscriptionTier] ?? STORAGE_QUOTA_BYTES.free
  );
}
