import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import type { Secrets } from '#server/secrets/secrets.ts';
import { ChannelConfigSchema, ChannelTypeSchema } from '#shared/omnichannel/channel-schemas.ts';
import { createChannelAdapters } from './channels/adapters.ts';
import { DeliveryError } from './channels/channel-adapter.ts';
import { recordDeliveryFailure } from './delivery-failure.ts';
import { publishInboxChange } from './inbox-events.ts';
import {
  findChannelById,
  findMessageById,
  findMessageByMessageId,
  lastInboundAt,
  markSent,
} from './inbox.queries.ts';
import { openSecrets } from './omnichannel-mapping.ts';
import { OMNICHANNEL_DELIVER_JOB } from './outbox.ts';

/** Attempts of one reply: a provider that is down for about four minutes still gets it. */
const DELIVER_ATTEMPTS = 7;
/** The first retry's delay; each next one doubles (2, 4, 8… s). */
const DELIVER_RETRY_MS = 2000;

export interface DeliverDeps {
  db: Database;
  jobs: Jobs;
  secrets: Secrets;
  pubsub: PubSub;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * `omnichannel.deliver`: sends one queued reply through its channel's adapter and records the
 * outcome on the row (sent with the provider's id, or failed with the error). Only a `queued`
 * row is sent, and it stops being queued once sent: a job run again after a success sends
 * nothing. A provider's passing trouble is retried with backoff; a refusal, or the last attempt,
 * fails the row, and the customer message it answered goes back to a person (decision 318).
 */
export function defineDeliverJob(deps: DeliverDeps) {
  const adapters = createChannelAdapters(deps.pubsub);
  deps.jobs.define<{ id: number }>({
    name: OMNICHANNEL_DELIVER_JOB,
    maxAttempts: DELIVER_ATTEMPTS,
    retryDelayMs: DELIVER_RETRY_MS,
    async run({ id }, job) {
      const message = await findMessageById(deps.db, id);
      if (!message || message.direction !== 'outbound' || message.status !== 'queued') return;
      const fail = async (error: string) => {
        const { reopened } = await recordDeliveryFailure(deps.db, message, error);
        deps.log.warn(
          { messageId: id, error, reopened: reopened?.id ?? null },
          'omnichannel reply not delivered',
        );
        publishInboxChange(deps.pubsub, message);
        // The customer's message waits for a person again: the open inboxes hear of it.
        if (reopened) publishInboxChange(deps.pubsub, reopened);
      };
      const channel = message.channelId ? await findChannelById(deps.db, message.channelId) : null;
      if (!channel || !channel.isActive) return fail('The channel was removed or switched off');
      const type = ChannelTypeSchema.parse(channel.channelType);
      const parent = message.parentMessageId
        ? ((await findMessageByMessageId(deps.db, message.parentMessageId)) ?? null)
        : null;
      let sent;
      try {
        sent = await adapters[type].send({
          message,
          parent,
          channelIdentifier: channel.channelIdentifier,
          config: ChannelConfigSchema.parse(channel.config),
          secrets: openSecrets(deps.secrets, channel),
          lastInboundAt: await lastInboundAt(deps.db, message.threadKey),
          now: deps.clock(),
          signal: job.signal,
        });
      } catch (error) {
        const permanent = error instanceof DeliveryError && error.permanent;
        if (permanent || job.attempt >= DELIVER_ATTEMPTS) return fail((error as Error).message);
        throw error;
      }
      if (await markSent(deps.db, id, sent.providerMessageId)) {
        publishInboxChange(deps.pubsub, message);
      }
    },
  });
}
