import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { queueEscalationNotice } from './escalation-notify.ts';
import { lockThread } from './outbox.ts';
import { appendMetadata } from './message-metadata.ts';
import {
  findEscalationRule,
  findMessageRow,
  humanReplyAfter,
  updateInbound,
  type EscalationRuleRow,
} from './triage.queries.ts';

/** A delayed escalation; payload `{ id, ruleId }` (the inbound row and the rule). */
export const OMNICHANNEL_ESCALATE_JOB = 'omnichannel.escalate';

interface EscalationDeps {
  jobs: Jobs;
  log: FastifyBaseLogger;
}

/**
 * Escalates an inbound message: status 'escalated', reassigned to the rule's user when the rule
 * says so, and the event recorded in `metadata.escalations` (who is notified, why, when) where
 * the inbox shows it. A notify rule's administrator is told once this commits
 * (escalation-notify.ts). The caller's transaction holds the thread's lock.
 */
export async function applyEscalation(
  tx: Executor,
  deps: EscalationDeps,
  messageId: number,
  rule: EscalationRuleRow | null,
  reason: string,
  at: Date,
) {
  const reassign =
    rule?.escalateTo != null &&
    (rule.escalationType === 'reassign' || rule.escalationType === 'reassign_notify');
  const notify =
    rule?.escalateTo != null &&
    (rule.escalationType === 'notify' || rule.escalationType === 'reassign_notify')
      ? rule.escalateTo
      : null;
  await updateInbound(tx, messageId, {
    status: 'escalated',
    ...(reassign ? { assignedTo: rule.escalateTo } : {}),
    metadata: appendMetadata('escalations', {
      ruleId: rule?.id ?? null,
      rule: rule?.name ?? null,
      reason,
      at: at.toISOString(),
      reassignedTo: reassign ? rule.escalateTo : null,
      notify,
    }),
  });
  if (notify !== null) {
    await queueEscalationNotice(tx, deps.jobs, { id: messageId, userId: notify, reason }, at);
  }
  deps.log.info(
    { messageId, ruleId: rule?.id ?? null, reason, notify },
    'omnichannel message escalated',
  );
}

/** Statuses after which a pending escalation has nothing left to do. */
const ANSWERED = new Set(['responded', 'resolved', 'escalated']);

/**
 * A rule's escalation after its delay. Checked at run time under the thread's lock: a person's
 * reply (or the message resolved or escalated meanwhile) cancels it, and the cancellation is
 * recorded.
 */
export async function runDelayedEscalation(
  deps: EscalationDeps & { db: Database; clock: () => Date },
  payload: { id: number; ruleId: number },
) {
  const message = await findMessageRow(deps.db, payload.id);
  if (!message) return;
  await deps.db.transaction(async (tx) => {
    await lockThread(tx, message.threadKey);
    const current = await findMessageRow(tx, payload.id);
    if (!current) return;
    const rule = await findEscalationRule(tx, payload.ruleId);
    const human = await humanReplyAfter(tx, current);
    const cancelled = !rule?.isActive
      ? 'the rule was removed or switched off'
      : human
        ? 'a person replied'
        : ANSWERED.has(current.status)
          ? `the message is ${current.status}`
          : null;
    const at = deps.clock();
    if (cancelled) {
      await updateInbound(tx, current.id, {
        metadata: appendMetadata('escalationsCancelled', {
          ruleId: payload.ruleId,
          reason: cancelled,
          at: at.toISOString(),
        }),
      });
      return;
    }
    await applyEscalation(
      tx,
      deps,
      current.id,
      rule!,
      `rule '${rule!.name}' after ${rule!.escalationDelay} min`,
      at,
    );
  });
}

/** Escalates now (no delay) or enqueues the delayed escalation, in the caller's transaction. */
export async function escalateByRule(
  tx: Executor,
  deps: EscalationDeps,
  messageId: number,
  rule: EscalationRuleRow,
  at: Date,
) {
  if (rule.escalationDelay === 0) {
    await applyEscalation(tx, deps, messageId, rule, `rule '${rule.name}'`, at);
    return;
  }
  await deps.jobs.enqueue(
    OMNICHANNEL_ESCALATE_JOB,
    { id: messageId, ruleId: rule.id },
    { key: `${messageId}:${rule.id}`, delayMs: rule.escalationDelay * 60_000, db: tx },
  );
  await updateInbound(tx, messageId, {
    metadata: appendMetadata('escalationsScheduled', {
      ruleId: rule.id,
      rule: rule.name,
      dueAt: new Date(at.getTime() + rule.escalationDelay * 60_000).toISOString(),
    }),
  });
}
