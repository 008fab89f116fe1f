import type { Database, Executor } from '#server/db/client.ts';
import { AppError } from '#shared/errors/app-error.ts';
import type { SubscriptionTier } from '#shared/plans/tiers.ts';
import { consumeMessage, findAllowance, refundMessage } from './usage.queries.ts';

/**
 * Limits of a chat message (docs/decisions/004-monthly-quota.md):
 * - the free plan: monthlyQuota (125) + bonusMessages per calendar month (UTC), counted atomically;
 * - every plan: the tier's token_limits (monthly and daily tokens from token_usage, summed per
 *   day in token_usage_daily; the largest request, GPT-5 and Claude 4 access).
 * Over a limit → 429 QUOTA_EXCEEDED_ERROR; the message contains 'limit reached' where the client
 * should show the upgrade panel (spec 01-core §8).
 */

export interface UsagePeriod {
  /** YYYY-MM in UTC: the month users.quotaPeriod counts. */
  period: string;
  monthStart: Date;
  dayStart: Date;
}

export function usagePeriod(now = new Date()): UsagePeriod {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    period: now.toISOString().slice(0, 7),
    monthStart: new Date(Date.UTC(year, month, 1)),
    dayStart: new Date(Date.UTC(year, month, now.getUTCDate())),
  };
}

export const MESSAGE_LIMIT_MESSAGE =
  'Monthly message limit reached. Upgrade to Premium for unlimited messages.';

const quotaError = (message: string, details: unknown) =>
  new AppError('QUOTA_EXCEEDED_ERROR', 429, message, details);

/** Whether the tier counts messages (paid tiers have unlimited messages, spec 02 §9 plan texts). */
export function countsMessages(tier: SubscriptionTier) {
  return tier === 'free';
}

/** The 429 of a used-up free allowance (the client shows the upgrade panel), with its state. */
export async function allowanceExceeded(db: Database, userId: number, period: UsagePeriod) {
  const state = await findAllowance(db, userId, period.period);
  return quotaError(MESSAGE_LIMIT_MESSAGE, {
    limit: state?.allowance ?? 0,
    used: state?.used ?? 0,
    period: period.period,
  });
}

/** Counts one message of the free allowance, or refuses with 429. */
export async function consumeAllowance(db: Database, userId: number, period: UsagePeriod) {
  const row = await consumeMessage(db, userId, period.period);
  if (!row) throw await allowanceExceeded(db, userId, period);
}

export async function refundAllowance(db: Executor, userId: number, period: UsagePeriod) {
  await refundMessage(db, userId, period.period);
}
