import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { conflict, invalid } from '#shared/errors/app-error.ts';
import { REFERRAL_BONUS, type Referral } from '#shared/referral/referral-schemas.ts';
import {
  countRewards,
  creditOnce,
  earnedMessages,
  findReferralUser,
  findUserByReferralCode,
  listFriends,
  lockReferralPair,
  referralsDueReward,
  setReferralCode,
  setReferredBy,
} from './referral.queries.ts';

const INVALID_CODE = 'Please enter a valid referral code';
const month = (date = new Date()) => date.toISOString().slice(0, 7);
/** 10 characters of a 32-letter alphabet without look-alikes: 50 bits, not guessable. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode() {
  return [...randomBytes(10)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** Referral programme (issue 11 item 4, decision 085). */
export function createReferralService(db: Database) {
  const codeOf = async (userId: number): Promise<string> => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const user = await findReferralUser(db, userId);
      if (user?.referralCode) return user.referralCode;
      try {
        await setReferralCode(db, userId, newCode());
      } catch {
        // Another user holds that code (a one-in-a-quadrillion collision): draw again.
      }
    }
    throw new Error('Could not assign a referral code');
  };

  return {
    async overview(userId: number, origin: string): Promise<Referral> {
      const code = await codeOf(userId);
      const user = (await findReferralUser(db, userId))!;
      const friends = await listFriends(db, userId);
      return {
        code,
        shareLink: `${origin}/auth?ref=${encodeURIComponent(code)}`,
        referredCount: friends.length,
        friends: friends.map((f) => ({ username: f.username, joinedAt: f.joinedAt.toISOString() })),
        bonusMessagesEarned: await earnedMessages(db, userId),
        monthlyAllowance: user.monthlyQuota + user.bonusMessages,
        monthlyUsed: user.quotaPeriod === month() ? user.quotaUsed : 0,
      };
    },

    async apply(userId: number, rawCode: string) {
      const referrer = await findUserByReferralCode(db, rawCode.trim().toUpperCase());
      // Unknown, one's own, or one's own referee's (a cycle).
      if (!referrer || referrer.id === userId || referrer.referredBy === userId) {
        throw invalid(INVALID_CODE, { code: [INVALID_CODE] });
      }
      return db.transaction(async (tx) => {
        // Checked again under both rows' locks: two users applying each other's code at once
        // both passed the check above, and each would be the other's referee.
        if ((await lockReferralPair(tx, userId, referrer.id)) === userId) {
          throw invalid(INVALID_CODE, { code: [INVALID_CODE] });
        }
        if (!(await setReferredBy(tx, userId, referrer.id))) {
          throw conflict('You can only apply a referral code once');
        }
        await creditOnce(tx, {
          userId,
          reason: 'referee_welcome',
          referralUserId: userId,
          messages: REFERRAL_BONUS.friend,
          month: month(),
        });
        const user = await findReferralUser(tx, userId);
        return { bonusMessages: user!.bonusMessages };
      });
    },

    /** Rewards referrers whose friends have sent a first message (a periodic job). */
    async rewardReferrers() {
      const now = month();
      for (const due of await referralsDueReward(db, now, REFERRAL_BONUS.maxRewardedPerMonth)) {
        await db.transaction(async (tx) => {
          // The referrer's row lock serialises the monthly cap check of concurrent rewards.
          const referrer = await findReferralUser(tx, due.referrerId!, true);
          if (!referrer) return;
          const rewarded = await countRewards(tx, referrer.id, 'referrer_reward', now);
          if (rewarded >= REFERRAL_BONUS.maxRewardedPerMonth) return;
          await creditOnce(tx, {
            userId: referrer.id,
            reason: 'referrer_reward',
            referralUserId: due.friendId,
            messages: REFERRAL_BONUS.referrer,
            month: now,
          });
        });
      }
    },
  };
}
