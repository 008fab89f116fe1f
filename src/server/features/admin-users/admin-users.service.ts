import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import { findUniqueViolation } from '#server/db/database-errors.ts';
import type { SessionControl } from '#server/ports/sessions.ts';
import type { SubscriptionControl } from '#server/ports/subscriptions.ts';
import type { AdminUserDetail, AdminUserPatch } from '#shared/admin/admin-users-schemas.ts';
import { conflict, notFound } from '#shared/errors/app-error.ts';
import { auditedFields, toAdminUser, toDetailUser } from './admin-user-views.ts';
import {
  findAdminUser,
  findUserSubscription,
  listUserPayments,
  listUserSessions,
  lockOtherActiveAdmins,
  sumUserUsage,
  updateUserFields,
  type AdminUserRow,
  type UserFieldChanges,
} from './admin-users.queries.ts';
import { eraseUser } from './erase-user.queries.ts';

const DETAIL_ROWS = 20;
export const LAST_ADMIN = 'The last administrator cannot lose administrator rights';

const userNotFound = () => notFound('User not found');

function requireLiving(row: AdminUserRow | undefined): AdminUserRow {
  if (!row || row.deletedAt) throw userNotFound();
  return row;
}

function monthOf(now: Date) {
  return {
    period: now.toISOString().slice(0, 7),
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  };
}

/** Administering accounts (issue 12 "users"); every change goes through withAudit. */
export function createAdminUsersService(
  db: Database,
  sessions: SessionControl,
  subscriptions: SubscriptionControl,
) {
  /** Refuses a change that would leave no administrator able to act. */
  async function requireAnotherAdmin(
    tx: Parameters<typeof lockOtherActiveAdmins>[0],
    userId: number,
  ) {
    const others = await lockOtherActiveAdmins(tx, userId);
    if (others.length === 0) throw conflict(LAST_ADMIN);
  }

  return {
    async detail(id: number, now = new Date()): Promise<AdminUserDetail> {
      const row = await findAdminUser(db, id);
      if (!row) throw userNotFound();
      const month = monthOf(now);
      const [sessionRows, usage, subscription, paymentRows] = await Promise.all([
        listUserSessions(db, id, DETAIL_ROWS),
        sumUserUsage(db, id, month.start),
        findUserSubscription(db, id),
        listUserPayments(db, id, DETAIL_ROWS),
      ]);
      return {
        user: toDetailUser(row, month.period, now),
        sessions: sessionRows.map((s) => ({
          id: s.id,
          loginTime: s.loginTime.toISOString(),
          logoutTime: s.logoutTime?.toISOString() ?? null,
          lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
          ipAddress: s.ipAddress,
          userAgent: s.userAgent,
          loginMethod: s.loginMethod,
          successful: s.successful,
          active:
            s.successful &&
            s.logoutTime === null &&
            s.expiresAt !== null &&
            s.expiresAt.getTime() > now.getTime(),
        })),
        usage: {
          month: month.period,
          messages: usage.messages,
          tokens: Number(usage.tokens),
          cost: usage.cost,
        },
        subscription: subscription
          ? {
              planId: subscription.planId,
              status: subscription.status,
              provider: subscription.provider,
              paymentMethod: subscription.paymentMethod,
              interval: subscription.interval,
              currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
              cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
            }
          : null,
        payments: paymentRows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
      };
    },

    /**
     * Tier and expiry, allowance, admin flag: one audit row with the fields before and after. A
     * user no longer administrator loses the administrator streams they hold open (the inbox).
     */
    async update(actor: AuditActor, id: number, patch: AdminUserPatch) {
      let demoted = false;
      const user = await withAudit(
        db,
        actor,
        'user.update',
        { type: 'user', id },
        async (tx, record) => {
          const before = requireLiving(await findAdminUser(tx, id, true));
          const changes: UserFieldChanges = {};
          if (patch.subscriptionTier !== undefined)
            changes.subscriptionTier = patch.subscriptionTier;
          if (patch.subscriptionExpiry !== undefined) {
            changes.subscriptionExpiry =
              patch.subscriptionExpiry === null ? null : new Date(patch.subscriptionExpiry);
          }
          if (patch.monthlyQuota !== undefined) changes.monthlyQuota = patch.monthlyQuota;
          if (patch.isAdmin !== undefined) {
            demoted = before.isAdmin && !patch.isAdmin;
            if (demoted) await requireAnotherAdmin(tx, id);
            changes.isAdmin = patch.isAdmin;
          }
          const after = await updateUserFields(tx, id, changes);
          record.before = auditedFields(before);
          record.after = auditedFields(after);
          if (patch.reason) record.reason = patch.reason;
          return toAdminUser(after);
        },
      );
      if (demoted) sessions.disconnect({ adminStreamsOf: id });
      return user;
    },

    /** Login refused, every session ended (next request 401), open streams closed. */
    async suspend(actor: AuditActor, id: number, reason: string) {
      if (id === actor.userId) throw conflict('You cannot suspend yourself');
      const user = await withAudit(
        db,
        actor,
        'user.suspend',
        { type: 'user', id },
        async (tx, record) => {
          const before = requireLiving(await findAdminUser(tx, id, true));
          if (before.suspendedAt) throw conflict('The user is already suspended');
          if (before.isAdmin) await requireAnotherAdmin(tx, id);
          const after = await updateUserFields(tx, id, {
            suspendedAt: new Date(),
            suspensionReason: reason,
          });
          const ended = await sessions.end(tx, { userId: id });
          record.before = auditedFields(before);
          record.after = { ...auditedFields(after), sessionsEnded: ended };
          record.reason = reason;
          return toAdminUser(after);
        },
      );
      sessions.disconnect({ userId: id });
      return user;
    },

    unsuspend(actor: AuditActor, id: number, reason: string | undefined) {
      return withAudit(db, actor, 'user.unsuspend', { type: 'user', id }, async (tx, record) => {
        const before = requireLiving(await findAdminUser(tx, id, true));
        if (!before.suspendedAt) throw conflict('The user is not suspended');
        const after = await updateUserFields(tx, id, { suspendedAt: null, suspensionReason: null });
        record.before = auditedFields(before);
        record.after = auditedFields(after);
        if (reason) record.reason = reason;
        return toAdminUser(after);
      });
    },

    /** Personal data erased, usage and payments kept against the anonymised row (decision 141). */
    async remove(actor: AuditActor, id: number) {
      if (id === actor.userId) throw conflict('You cannot delete your own account here');
      try {
        await withAudit(db, actor, 'user.delete', { type: 'user', id }, async (tx, record) => {
          const before = requireLiving(await findAdminUser(tx, id, true));
          if (before.isAdmin) await requireAnotherAdmin(tx, id);
          await eraseUser(tx, id, new Date());
          // The provider stops billing the erased account once this commits (decision 313).
          const cancelled = await subscriptions.cancelAtProvider(tx, id);
          // The audit row names the account only by id: its personal data is what was erased.
          record.before = { ...auditedFields(before), erased: true };
          record.after = {
            status: 'deleted',
            ...(cancelled ? { providerSubscriptionCancelled: cancelled } : {}),
          };
        });
      } catch (error) {
        if (findUniqueViolation(error)) {
          throw conflict('Another account already uses the anonymous name of this one');
        }
        throw error;
      }
      sessions.disconnect({ userId: id });
    },
  };
}
