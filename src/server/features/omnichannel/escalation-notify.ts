import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import { inboxTopic } from '#server/realtime/topics.ts';
import type { EscalationNotice } from '#shared/omnichannel/escalation-notice-schemas.ts';
import { findMessageById } from './inbox.queries.ts';

/** Tells the administrator an escalation names; payload `{ id, userId, reason }`. */
export const OMNICHANNEL_NOTIFY_JOB = 'omnichannel.escalation-notify';

interface NoticePayload {
  id: number;
  userId: number;
  reason: string;
}

/**
 * Queues the notice in the escalation's own transaction: it goes out only once the escalation
 * is committed, and exactly for it (keyed by message, user and time).
 */
export async function queueEscalationNotice(
  tx: Executor,
  jobs: Jobs,
  notice: NoticePayload,
  at: Date,
) {
  await jobs.enqueue(OMNICHANNEL_NOTIFY_JOB, notice, {
    key: `${notice.id}:${notice.userId}:${at.getTime()}`,
    db: tx,
  });
}

/**
 * The notice goes live to the brand's open inboxes (`inbox:{brandId}`, every instance), where the
 * named administrator's screen shows it. There is no mail setup for administrators in the
 * product (only brands' own SMTP for customers), so there is no e-mail copy.
 */
export function defineEscalationNotifyJob(deps: {
  db: Database;
  jobs: Jobs;
  pubsub: PubSub;
  log: FastifyBaseLogger;
}) {
  deps.jobs.define<NoticePayload>({
    name: OMNICHANNEL_NOTIFY_JOB,
    run: async (payload) => {
      const row = await findMessageById(deps.db, payload.id);
      if (!row) return;
      const notice: EscalationNotice = {
        brandId: row.brandId,
        threadKey: row.threadKey,
        id: row.id,
        userId: payload.userId,
        reason: payload.reason,
      };
      deps.pubsub.publish(inboxTopic(row.brandId), notice);
      deps.log.info({ messageId: row.id, userId: payload.userId }, 'escalation notice sent');
    },
  });
}
