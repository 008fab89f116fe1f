import type { AdminUser, AdminUserDetail, UserStatus } from '#shared/admin/admin-users-schemas.ts';
import { effectiveTier } from '#shared/plans/tiers.ts';
import type { AdminUserRow } from './admin-users.queries.ts';

export function statusOf(row: Pick<AdminUserRow, 'suspendedAt' | 'deletedAt'>): UserStatus {
  if (row.deletedAt) return 'deleted';
  return row.suspendedAt ? 'suspended' : 'active';
}

export function toAdminUser(row: AdminUserRow, now = new Date()): AdminUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    isAdmin: row.isAdmin,
    subscriptionTier: row.subscriptionTier,
    effectiveTier: effectiveTier(row, now),
    subscriptionExpiry: row.subscriptionExpiry?.toISOString() ?? null,
    status: statusOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a user before and after a change: the fields an admin changes. */
export function auditedFields(row: AdminUserRow) {
  return {
    subscriptionTier: row.subscriptionTier,
    subscriptionExpiry: row.subscriptionExpiry?.toISOString() ?? null,
    monthlyQuota: row.monthlyQuota,
    isAdmin: row.isAdmin,
    status: statusOf(row),
    suspensionReason: row.suspensionReason,
  };
}

/** The profile part of GET /api/admin/users/{id}. */
export function toDetailUser(
  row: AdminUserRow,
  period: string,
  now = new Date(),
): AdminUserDetail['user'] {
  return {
    ...toAdminUser(row, now),
    avatarUrl: row.avatarUrl,
    monthlyQuota: row.monthlyQuota,
    // quotaUsed counts the month in quotaPeriod; another month means nothing used yet.
    quotaUsed: row.quotaPeriod === period ? row.quotaUsed : 0,
    bonusMessages: row.bonusMessages,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}
