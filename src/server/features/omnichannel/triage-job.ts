import type { Jobs } from '#server/jobs/jobs.ts';
import { csatScore } from './csat-question.ts';
import { escalateByRule, OMNICHANNEL_ESCALATE_JOB, runDelayedEscalation } from './escalation.ts';
import { mergeMetadata } from './message-metadata.ts';
import { findBrand } from './omnichannel.queries.ts';
import { lockThread, queueReply } from './outbox.ts';
import type { TriageAnswerDeps } from './triage-answer.ts';
import { decideTriage } from './triage-decision.ts';
import {
  findMessageRow,
  humanReplyAfter,
  insertCsat,
  insertDraft,
  previousInbound,
  startProcessing,
  updateInbound,
} from './triage.queries.ts';

export const OMNICHANNEL_INBOUND_JOB = 'omnichannel.inbound';

export interface TriageDeps extends TriageAnswerDeps {
  jobs: Jobs;
  clock: () => Date;
  /** Tells the open inboxes that a message changed (after its transaction committed). */
  announce: (id: number) => Promise<void>;
}

/**
 * The `omnichannel.inbound` job (issue 14 item 4): classify and answer one inbound message,
 * decide the mode in code (mode-decision.ts), then — under the thread's lock, re-checking that
 * no person replied or took the message meanwhile — send it (autopilot), store a draft for
 * approval (copilot) or leave it to a person (manual), escalating as the rules say. Runs at
 * least once: a message already past 'processing' is left alone.
 */
export async function triageMessage(deps: TriageDeps, id: number, signal: AbortSignal) {
  const message = await startProcessing(deps.db, id);
  if (!message) return;
  const brand = await findBrand(deps.db, message.brandId);
  if (!brand) return;
  const now = deps.clock();

  const csat = csatScore(message.content);
  if (csat !== null && (await previousInbound(deps.db, message))?.status === 'resolved') {
    await deps.db.transaction(async (tx) => {
      await insertCsat(tx, {
        brandId: message.brandId,
        channelType: message.channelType,
        threadKey: message.threadKey,
        messageRowId: message.id,
        score: csat,
      });
      await updateInbound(tx, message.id, {
        status: 'resolved',
        processedAt: now,
        metadata: mergeMetadata({ csat }),
      });
    });
    return;
  }

  const { ai, matched, decision, triage } = await decideTriage(deps, brand, message, now, signal);

  await deps.db.transaction(async (tx) => {
    await lockThread(tx, message.threadKey);
    const current = await findMessageRow(tx, id);
    if (!current) return;
    // Someone answered or took the message while the model was writing: the AI sends nothing.
    const human = await humanReplyAfter(tx, current);
    const suppressed =
      current.assignedTo !== null
        ? `assigned to user ${current.assignedTo}`
        : human
          ? 'a person replied'
          : current.status !== 'processing'
            ? `the message became ${current.status}`
            : null;
    const classified = {
      intent: ai.triage.intent,
      urgency: ai.triage.urgency,
      processedAt: now,
    };
    if (suppressed) {
      await updateInbound(tx, id, {
        ...classified,
        ...(current.status === 'processing' ? { status: 'pending', processMode: 'manual' } : {}),
        metadata: mergeMetadata({ triage: { ...triage, suppressed } }),
      });
      return;
    }
    const update = {
      ...classified,
      processMode: decision.mode,
      metadata: mergeMetadata({ triage }),
    };
    if (decision.mode === 'autopilot') {
      await updateInbound(tx, id, update);
      await queueReply(tx, deps.jobs, {
        inbound: current,
        content: ai.reply,
        mode: 'autopilot',
        authorUserId: null,
      });
      return;
    }
    if (decision.mode === 'copilot') {
      await insertDraft(tx, current, ai.reply, {
        reasons: decision.reasons,
        citations: ai.citations,
        commitments: ai.commitments,
      });
      await updateInbound(tx, id, { ...update, status: 'awaiting_approval' });
      return;
    }
    const escalating = matched.filter((rule) => rule.autoEscalate);
    await updateInbound(tx, id, { ...update, status: 'pending' });
    for (const rule of escalating) await escalateByRule(tx, deps, id, rule, now);
  });
}

/** The inbound triage and the delayed escalations, on the jobs layer. */
export function defineTriageJobs(deps: TriageDeps) {
  deps.jobs.define<{ id: number }>({
    name: OMNICHANNEL_INBOUND_JOB,
    maxAttempts: 8,
    run: async (payload, job) => {
      await triageMessage(deps, payload.id, job.signal);
      await deps.announce(payload.id);
    },
  });
  deps.jobs.define<{ id: number; ruleId: number }>({
    name: OMNICHANNEL_ESCALATE_JOB,
    maxAttempts: 8,
    run: async (payload) => {
      await runDelayedEscalation(deps, payload);
      await deps.announce(payload.id);
    },
  });
}
