import { index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { userRef } from './users.ts';
import { at } from './columns.ts';

/**
 * Append-only ledger of referral bonus messages (issue 11 item 4, decision 085): one row per
 * (user, reason, referral), so racing or repeated requests cannot pay a reward twice.
 */
export const referralCredits = pgTable(
  'referral_credits',
  {
    id: serial('id').primaryKey(),
    /** Who receives the messages. */
    userId: userRef(),
    /** referee_welcome (+3 to the friend) | referrer_reward (+5 to the referrer) */
    reason: text('reason').notNull(),
    /** The referred friend the credit is for. */
    referralUserId: userRef('referral_user_id'),
    messages: integer('messages').notNull(),
    /** YYYY-MM (UTC): the month whose cap of rewarded referrals it counts against. */
    month: text('month').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('referral_credits_once_key').on(t.userId, t.reason, t.referralUserId),
    index('referral_credits_month_idx').on(t.userId, t.reason, t.month),
  ],
);
