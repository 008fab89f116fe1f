import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { SUBSCRIPTION_TIERS } from '#shared/plans/tiers.ts';
import { MAX_ROW_ID, textSchema } from '#shared/validation/database-input.ts';
import { DATE_RANGE_MESSAGE, isStorableDate } from '#shared/admin/admin-dates.ts';

/** /api/admin/users (issue 12 "users"): find, inspect, change, suspend and erase accounts. */

export const UserStatusSchema = z.enum(['active', 'suspended', 'deleted']);
export type UserStatus = z.infer<typeof UserStatusSchema>;
export const TierSchema = z.enum(SUBSCRIPTION_TIERS);

/** A decimal amount as a string ('0.012345'): money and costs never travel as floats. */
export const DecimalStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

export const AdminUserIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ROW_ID),
});

export const AdminUserListQuerySchema = PageQuerySchema.extend({
  /** Part of the username, display name or e-mail, any case. */
  q: textSchema().trim().max(100).optional(),
  /** The stored tier. */
  tier: TierSchema.optional(),
  role: z.enum(['admin', 'user']).optional(),
  status: UserStatusSchema.optional(),
  /** `created` is the order of sign-up (by id, exact); `username` is alphabetical, any case. */
  sort: z.enum(['created', 'username']).default('created'),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The stored tier; `effectiveTier` is what it grants today (an expired one is free). */
  subscriptionTier: z.string(),
  effectiveTier: TierSchema,
  subscriptionExpiry: z.iso.datetime().nullable(),
  status: UserStatusSchema,
  createdAt: z.iso.datetime(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserPageSchema = pageSchema(AdminUserSchema);

export const AdminUserSessionSchema = z.object({
  id: z.number().int(),
  loginTime: z.iso.datetime(),
  logoutTime: z.iso.datetime().nullable(),
  lastSeenAt: z.iso.datetime().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  loginMethod: z.string(),
  successful: z.boolean(),
  /** Not ended and not past its end: its cookie still signs in. */
  active: z.boolean(),
});
export type AdminUserSession = z.infer<typeof AdminUserSessionSchema>;

export const AdminUserDetailSchema = z.object({
  user: AdminUserSchema.extend({
    avatarUrl: z.string().nullable(),
    monthlyQuota: z.number().int(),
    quotaUsed: z.number().int(),
    bonusMessages: z.number().int(),
    suspendedAt: z.iso.datetime().nullable(),
    suspensionReason: z.string().nullable(),
    deletedAt: z.iso.datetime().nullable(),
  }),
  /** The latest 20 sign-ins and attempts. */
  sessions: z.array(AdminUserSessionSchema),
  /** token_usage of the current calendar month (UTC): model calls, tokens and their cost. */
  usage: z.object({
    month: z.string(),
    messages: z.number().int(),
    tokens: z.number().int(),
    cost: DecimalStringSchema,
  }),
  subscription: z
    .object({
      planId: z.string(),
      status: z.string(),
      provider: z.string(),
      paymentMethod: z.string(),
      interval: z.string().nullable(),
      currentPeriodEnd: z.iso.datetime(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  /** The latest 20 payments, amounts in cents. */
  payments: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.iso.datetime(),
      planId: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      method: z.string(),
      status: z.string(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/** PATCH /api/admin/users/{id}: only the fields sent change; at least one. */
export const AdminUserPatchSchema = z
  .strictObject({
    subscriptionTier: TierSchema.optional(),
    /** null: the tier does not lapse. An offset may carry 9999-12-31 past the year 9999. */
    subscriptionExpiry: z.iso
      .datetime({ offset: true })
      .refine((text) => isStorableDate(new Date(text)), DATE_RANGE_MESSAGE)
      .nullable()
      .optional(),
    /** Messages a month before bonuses. */
    monthlyQuota: z.number().int().min(0).max(1_000_000).optional(),
    isAdmin: z.boolean().optional(),
    reason: textSchema().trim().max(500).optional(),
  })
  .refine(
    (patch) =>
      Object.keys(patch).some(
        (key) => key !== 'reason' && patch[key as keyof typeof patch] !== undefined,
      ),
    { message: 'Nothing to change' },
  );
export type AdminUserPatch = z.infer<typeof AdminUserPatchSchema>;

export const SuspendRequestSchema = z.strictObject({
  reason: textSchema().trim().min(1).max(500),
});
export type SuspendRequest = z.infer<typeof SuspendRequestSchema>;

/** Unsuspending takes an optional reason for the audit log. */
export const UnsuspendRequestSchema = z
  .strictObject({ reason: textSchema().trim().max(500).optional() })
  .nullish();
