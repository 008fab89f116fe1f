import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { applyEscalation, escalateByRule } from './escalation.ts';
import { lockThread } from './outbox.ts';
import { markSlaBreached, markSlaWarned, slaCandidates } from './sla.queries.ts';
import { activeEscalationRules } from './triage.queries.ts';

export const OMNICHANNEL_SLA_JOB = 'omnichannel.sla-sweep';
/** Messages looked at per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

export interface SlaDeps {
  db: Database;
  jobs: Jobs;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Tells the open inboxes that a message changed (after its transaction committed). */
  announce: (id: number) => Promise<void>;
}

/**
 * One pass over the open inbound messages (due = received + the brand's SLA minutes, against the
 * injectable clock): at 80 % a warning is recorded once (and the brand's sla_risk rules that
 * escalate fire); past 100 % the message is escalated exactly once. Both marks are conditional
 * updates, so sweeps that overlap (two instances, a retry) cannot repeat them.
 */
export async function sweepSla(deps: SlaDeps) {
  const now = deps.clock();
  const candidates = await slaCandidates(deps.db, now, SWEEP_BATCH);
  const rulesByBrand = new Map<string, Awaited<ReturnType<typeof activeEscalationRules>>>();
  for (const candidate of candidates) {
    await deps.db.transaction(async (tx) => {
      await lockThread(tx, candidate.thread_key);
      if (candidate.breached) {
        if (await markSlaBreached(tx, candidate.id, now)) {
          await applyEscalation(tx, deps, candidate.id, null, 'SLA breached', now);
        }
        return;
      }
      if (!(await markSlaWarned(tx, candidate.id, now))) return;
      deps.log.warn({ messageId: candidate.id }, 'omnichannel message at 80 % of its SLA');
      let rules = rulesByBrand.get(candidate.brand_id);
      if (!rules) {
        rules = await activeEscalationRules(tx, candidate.brand_id);
        rulesByBrand.set(candidate.brand_id, rules);
      }
      for (const rule of rules) {
        if (rule.ruleType === 'sla_risk' && rule.autoEscalate) {
          await escalateByRule(tx, deps, candidate.id, rule, now);
        }
      }
    });
    await deps.announce(candidate.id);
  }
}

/** The sweeper runs every minute on one instance at a time (a periodic job's slot). */
export function defineSlaSweeper(deps: SlaDeps) {
  deps.jobs.schedule({
    name: OMNICHANNEL_SLA_JOB,
    schedule: { everyMinutes: 1 },
    maxAttempts: 1,
    run: () => sweepSla(deps),
  });
}
