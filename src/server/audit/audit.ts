import type { FastifyRequest } from 'fastify';
import type { Database, Executor, Transaction } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/access.ts';
import { insertAuditRow } from './audit.queries.ts';
import { redactSecrets } from './redact.ts';

/**
 * The one way an administrator's change is recorded (ARCHITECTURE.md "an administrator changes
 * something", decision 120): the change and its audit row commit together or not at all.
 */

/** Who acted, and from where. */
export interface AuditActor {
  userId: number;
  username: string;
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/** What was acted on: `user` 12, `setting` maintenanceMode, `crypto_payment` 5… */
export interface AuditTarget {
  type: string;
  id?: string | number | null;
}

/** Filled in by the change itself: the state before and after, and why (when asked for). */
export interface AuditRecord {
  before?: unknown;
  after?: unknown;
  reason?: string;
  /** For a target created by the change (its id is known only afterwards). */
  targetId?: string | number;
}

/** The administrator of this request (403 for anyone else) with its address and request id. */
export function auditActor(request: FastifyRequest): AuditActor {
  const admin = requireAdmin(request);
  const userAgent = request.headers['user-agent'];
  return {
    userId: admin.id,
    username: admin.username,
    ipAddress: request.ip,
    userAgent: userAgent ? userAgent.slice(0, 512) : null,
    requestId: request.id,
  };
}

/** Writes one audit row on `db` (the caller's open transaction). */
export async function recordAudit(
  db: Executor,
  actor: AuditActor,
  action: string,
  target: AuditTarget,
  record: AuditRecord = {},
): Promise<void> {
  const targetId = record.targetId ?? target.id;
  await insertAuditRow(db, {
    actorId: actor.userId,
    actorUsername: actor.username,
    action,
    targetType: target.type,
    targetId: targetId === undefined || targetId === null ? null : String(targetId),
    before: redactSecrets(record.before),
    after: redactSecrets(record.after),
    reason: record.reason ?? null,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
    requestId: actor.requestId,
  });
}

/**
 * Runs `change` in a transaction and records it there: if the change throws, nothing is written
 * and nothing is audited; if the audit row cannot be written, the change is rolled back.
 */
export async function withAudit<T>(
  db: Database,
  actor: AuditActor,
  action: string,
  target: AuditTarget,
  change: (tx: Transaction, record: AuditRecord) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const record: AuditRecord = {};
    const result = await change(tx, record);
    await recordAudit(tx, actor, action, target, record);
    return result;
  });
}
