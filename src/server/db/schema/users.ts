import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/** Stored user record (spec 01-core §3, 02 §3 user subscription fields). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    email: text('email'),
    displayName: text('display_name'),
    avatarUrl: text('avatar_url'),
    firebaseUid: text('firebase_uid').unique(),
    subscriptionTier: text('subscription_tier').notNull().default('free'),
    subscriptionExpiry: at('subscription_expiry'),
    // Free allowance of spec 02 §9 (125 a month); see docs/decisions/004-monthly-quota.md.
    monthlyQuota: integer('monthly_quota').notNull().default(125),
    quotaUsed: integer('quota_used').notNull().default(0),
    /** The calendar month (YYYY-MM, UTC) quotaUsed counts; another month means 0 used. */
    quotaPeriod: text('quota_period'),
    /** Extra messages earned through referrals, added to the monthly allowance. */
    bonusMessages: integer('bonus_messages').notNull().default(0),
    referralCode: text('referral_code').unique(),
    referredBy: integer('referred_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    verificationToken: text('verification_token'),
    verificationTokenExpiry: at('verification_token_expiry'),
    resetPasswordToken: text('reset_password_token'),
    resetPasswordTokenExpiry: at('reset_password_token_expiry'),
    /**
     * Set while an administrator has suspended the account (issue 12): no login, no session
     * resolves, and API keys check the same column.
     */
    suspendedAt: at('suspended_at'),
    suspensionReason: text('suspension_reason'),
    /** Set when an administrator erased the account: the row stays, anonymised, for usage and payments. */
    deletedAt: at('deleted_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Usernames and e-mails are unique regardless of case.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

/** A column naming a user (`user_id` unless named otherwise); the row goes with its user. */
export const userRef = (name = 'user_id') =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Every login attempt (successful or not) and every server-side session.
 * Only the SHA-256 hash of a session token is stored, never the token itself.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    attemptedUsername: text('attempted_username'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    loginTime: at('login_time').notNull().defaultNow(),
    logoutTime: at('logout_time'),
    sessionToken: text('session_token').unique(),
    successful: boolean('successful').notNull().default(true),
    loginMethod: text('login_method').notNull().default('password'),
    rememberMe: boolean('remember_me').notNull().default(false),
    lastSeenAt: at('last_seen_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [
    index('user_sessions_user_idx').on(t.userId, t.loginTime),
    index('user_sessions_username_time_idx').on(t.attemptedUsername, t.loginTime),
    // The admin login log and failed-login spikes (last 24 h) read by time.
    index('user_sessions_time_idx').on(t.loginTime),
  ],
);
