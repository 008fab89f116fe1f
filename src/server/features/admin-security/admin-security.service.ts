import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import type { SessionControl } from '#server/ports/sessions.ts';
import type { FailedLogins } from '#shared/admin/admin-security-schemas.ts';
import { conflict, notFound } from '#shared/errors/app-error.ts';
import { countFailedByHour, findSession, topFailures } from './admin-security.queries.ts';

const HOUR = 3_600_000;
const TOP = 10;

/** The last 24 whole hours and the current one (UTC), oldest first, each with its failures. */
export async function failedLogins(db: Database, now = new Date()): Promise<FailedLogins> {
  const currentHour = Math.floor(now.getTime() / HOUR) * HOUR;
  const from = new Date(currentHour - 23 * HOUR);
  const [byHour, ips, usernames] = await Promise.all([
    countFailedByHour(db, from),
    topFailures(db, from, 'ip', TOP),
    topFailures(db, from, 'username', TOP),
  ]);
  const counts = new Map(byHour.map((row) => [row.hour, row.failed]));
  const hourly = Array.from({ length: 24 }, (_, index) => {
    const hour = new Date(from.getTime() + index * HOUR).toISOString();
    return { hour, failed: counts.get(hour) ?? 0 };
  });
  return {
    hourly,
    total: hourly.reduce((sum, entry) => sum + entry.failed, 0),
    topIps: ips.map((row) => ({ ipAddress: row.key, failed: row.failed })),
    topUsernames: usernames.map((row) => ({ username: row.key, failed: row.failed })),
  };
}

/** Ends one session: its next request gets 401 and its open streams close (issue 12 "security"). */
export async function revokeSession(
  db: Database,
  sessions: SessionControl,
  actor: AuditActor,
  id: number,
  reason: string | undefined,
) {
  await withAudit(db, actor, 'session.revoke', { type: 'session', id }, async (tx, record) => {
    const session = await findSession(tx, id);
    if (!session?.successful || session.userId === null) throw notFound('Session not found');
    const live =
      session.logoutTime === null &&
      session.expiresAt !== null &&
      session.expiresAt.getTime() > Date.now();
    if (!live) throw conflict('The session has already ended');
    await sessions.end(tx, { sessionId: id });
    record.before = {
      userId: session.userId,
      ipAddress: session.ipAddress,
      loginTime: session.loginTime.toISOString(),
      active: true,
    };
    record.after = { active: false };
    if (reason) record.reason = reason;
  });
  sessions.disconnect({ sessionId: id });
}
