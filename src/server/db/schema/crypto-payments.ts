import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { planRef, priceColumns } from './billing.ts';
import { userRef, users } from './users.ts';
import { at } from './columns.ts';

/** A prepaid crypto term reported by its buyer and verified by an administrator (spec 02 §3, §4). */
export const cryptoPayments = pgTable(
  'crypto_payments',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    planId: planRef(),
    durationMonths: integer('duration_months').notNull(),
    ...priceColumns(),
    /** BTC | ETH */
    coin: text('coin').notNull(),
    /** The coin amount to send, a decimal string whose last digits are the verification code. */
    cryptoAmount: text('crypto_amount').notNull(),
    /** EUR per coin frozen at creation. */
    rateEur: text('rate_eur').notNull(),
    /** awaiting_payment | pending | verified | rejected */
    status: text('status').notNull().default('awaiting_payment'),
    txHash: text('tx_hash'),
    walletAddress: text('wallet_address').notNull(),
    senderWalletAddress: text('sender_wallet_address'),
    verificationCode: text('verification_code').notNull(),
    walletVerified: boolean('wallet_verified').notNull().default(false),
    testMode: boolean('test_mode').notNull().default(false),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    reportedAt: at('reported_at'),
    verifiedAt: at('verified_at'),
    verifiedBy: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
  },
  (t) => [
    // A transaction pays for one payment only, whatever its status (replays → 409).
    uniqueIndex('crypto_payments_tx_hash_key').on(sql`lower(${t.txHash})`),
    index('crypto_payments_status_idx').on(t.status, t.createdAt),
    index('crypto_payments_user_idx').on(t.userId, t.createdAt),
  ],
);
