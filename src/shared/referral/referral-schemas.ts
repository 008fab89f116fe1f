import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';

/** Referral bodies (issue 11 item 4, spec 02 §5, decision 085). */
export const REFERRAL_BONUS = { friend: 3, referrer: 5, maxRewardedPerMonth: 20 } as const;

export const ReferralSchema = z.object({
  code: z.string(),
  /** The registration link carrying the code. */
  shareLink: z.string(),
  referredCount: z.number().int(),
  friends: z.array(z.object({ username: z.string(), joinedAt: z.iso.datetime() })),
  /** Bonus messages earned through referrals, all time. */
  bonusMessagesEarned: z.number().int(),
  /** This month's message allowance (plan + bonus) and use. */
  monthlyAllowance: z.number().int(),
  monthlyUsed: z.number().int(),
});
export type Referral = z.infer<typeof ReferralSchema>;

/** Empty → 400 'Code required'; unknown, own or own referee's → 400; a second code → 409. */
export const ApplyReferralSchema = z.object({
  code: textSchema({ error: 'Code required' }).trim().min(1, 'Code required').max(64),
});
export const ApplyReferralResponseSchema = z.object({ bonusMessages: z.number().int() });
