import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, withAudit, type AuditActor, type AuditRecord } from '#server/audit/audit.ts';
import type { Transaction } from '#server/db/client.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { conflict, invalid, notFound } from '#shared/errors/app-error.ts';
import type { ChannelType } from '#shared/omnichannel/channel-schemas.ts';
import {
  ApproveInputSchema,
  AssignInputSchema,
  InboxPageSchema,
  InboxQuerySchema,
  MessageIdParamsSchema,
  MessageSchema,
  ReplyInputSchema,
  ThreadParamsSchema,
  ThreadSchema,
} from '#shared/omnichannel/inbox-schemas.ts';
import { queueCsatQuestion } from './csat-question.ts';
import { registerInboxStream, publishInboxChange } from './inbox-events.ts';
import {
  countTemplateUse,
  deleteDrafts,
  findDrafts,
  findMessageById,
  isAdminUser,
  listInbox,
  listThread,
  queueDraft,
  resolveThread,
  setInboundState,
} from './inbox.queries.ts';
import { toMessage, toThread } from './omnichannel-mapping.ts';
import { findBrand, type MessageRow } from './omnichannel.queries.ts';
import {
  brandFooter,
  enqueueDelivery,
  lockThread,
  markResponded,
  queueReply,
  withBrandFooter,
} from './outbox.ts';

const MESSAGE_NOT_FOUND = 'Message not found';
const CursorKeySchema = z.number().int();

/**
 * The inbox (issue 14 item 3, administrators only): threads with filters and search, one
 * thread, and what an administrator does with an inbound message: reply, approve or reject its
 * draft, assign it, resolve its thread. Every change holds the thread's lock and is audited; the
 * brand's open inboxes hear of it at once (inbox-events.ts).
 */
export function registerInboxRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  jobs: Jobs,
  clock: () => Date,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };
  const messagePath = '/api/omnichannel/messages/:id';

  api.get(
    '/api/omnichannel/messages',
    {
      config: admin,
      schema: { querystring: InboxQuerySchema, response: { 200: InboxPageSchema } },
    },
    async (request) => {
      const { cursor, limit, assignee, escalatedTo, ...filter } = request.query;
      const after = cursor ? decodeCursor(cursor, CursorKeySchema) : null;
      const rows = await listInbox(
        ctx.db,
        {
          ...filter,
          assignee:
            assignee === undefined
              ? undefined
              : assignee === 'none'
                ? null
                : assignee === 'me'
                  ? request.user!.id
                  : assignee,
          notifiedUser: escalatedTo === 'me' ? request.user!.id : undefined,
        },
        limit,
        after,
      );
      return toPage(rows, limit, toMessage, (row) => row.id);
    },
  );

  api.get(
    '/api/omnichannel/threads/:threadKey',
    { config: admin, schema: { params: ThreadParamsSchema, response: { 200: ThreadSchema } } },
    async (request) => {
      const thread = toThread(await listThread(ctx.db, request.params.threadKey));
      if (!thread) throw notFound('Thread not found');
      return thread;
    },
  );

  /**
   * One audited change of an inbound message under its thread's lock: the row is read again
   * once the lock is held, so a reply or approval made meanwhile is seen.
   */
  async function change<T>(
    actor: AuditActor,
    action: string,
    id: number,
    work: (tx: Transaction, inbound: MessageRow, record: AuditRecord) => Promise<T>,
  ) {
    let changed: MessageRow | undefined;
    const result = await withAudit(
      ctx.db,
      actor,
      action,
      { type: 'omnichannel_message', id },
      async (tx, record) => {
        const found = await findMessageById(tx, id);
        if (!found || found.direction !== 'inbound') throw notFound(MESSAGE_NOT_FOUND);
        await lockThread(tx, found.threadKey);
        const inbound = (await findMessageById(tx, id))!;
        changed = inbound;
        return work(tx, inbound, record);
      },
    );
    publishInboxChange(ctx.pubsub, changed!);
    return result;
  }

  api.post(
    `${messagePath}/reply`,
    {
      config: admin,
      schema: {
        params: MessageIdParamsSchema,
        body: ReplyInputSchema,
        response: { 201: MessageSchema },
      },
    },
    async (request, reply) => {
      const actor = auditActor(request);
      const { content, templateId } = request.body;
      const sent = await change(
        actor,
        'omnichannel.reply',
        request.params.id,
        async (tx, inbound, record) => {
          let template;
          if (templateId) {
            const used = await countTemplateUse(tx, inbound.brandId, templateId);
            if (!used) throw notFound('Template not found');
            template = { templateId, name: used.name, language: used.language };
          }
          // A person answered: a draft for the same message is no longer wanted.
          await deleteDrafts(tx, inbound.threadKey, inbound.messageId);
          const outbound = toMessage(
            await queueReply(tx, jobs, {
              inbound,
              content,
              mode: 'manual',
              authorUserId: actor.userId,
              ...(template ? { template } : {}),
            }),
          );
          record.after = outbound;
          return outbound;
        },
      );
      return reply.status(201).send(sent);
    },
  );

  api.post(
    `${messagePath}/approve`,
    {
      config: admin,
      schema: {
        params: MessageIdParamsSchema,
        body: ApproveInputSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      return change(
        actor,
        'omnichannel.approve',
        request.params.id,
        async (tx, inbound, record) => {
          const [draft, ...older] = await findDrafts(tx, inbound);
          if (!draft) throw conflict('This message has no draft awaiting approval');
          const footer = await brandFooter(tx, inbound.brandId);
          const type = inbound.channelType as ChannelType;
          const content = withBrandFooter(footer, type, request.body.content ?? draft.content);
          const queued = (await queueDraft(tx, draft.id, content, actor.userId))!;
          // Older drafts of the same message are superseded by the approved one.
          if (older.length > 0) await deleteDrafts(tx, inbound.threadKey, inbound.messageId);
          await markResponded(tx, inbound.id);
          await enqueueDelivery(tx, jobs, queued.id);
          record.before = toMessage(draft);
          record.after = toMessage(queued);
          return toMessage(queued);
        },
      );
    },
  );

  api.post(
    `${messagePath}/reject`,
    {
      config: admin,
      schema: { params: MessageIdParamsSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      const actor = auditActor(request);
      return change(actor, 'omnichannel.reject', request.params.id, async (tx, inbound, record) => {
        const drafts = await findDrafts(tx, inbound);
        if (drafts.length === 0) throw conflict('This message has no draft awaiting approval');
        await deleteDrafts(tx, inbound.threadKey, inbound.messageId);
        // Back to a person: waiting for a reply, no longer for the AI.
        const after = await setInboundState(tx, inbound.id, {
          status: 'pending',
          processMode: 'manual',
        });
        record.before = drafts.map(toMessage);
        return toMessage(after!);
      });
    },
  );

  api.post(
    `${messagePath}/assign`,
    {
      config: admin,
      schema: {
        params: MessageIdParamsSchema,
        body: AssignInputSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      const { userId } = request.body;
      return change(actor, 'omnichannel.assign', request.params.id, async (tx, inbound, record) => {
        if (userId !== null && !(await isAdminUser(tx, userId))) {
          throw invalid('Only an administrator can be assigned', {
            userId: ['Not an administrator'],
          });
        }
        const after = await setInboundState(tx, inbound.id, { assignedTo: userId });
        record.before = { assignedTo: inbound.assignedTo };
        record.after = { assignedTo: userId };
        return toMessage(after!);
      });
    },
  );

  api.post(
    `${messagePath}/resolve`,
    {
      config: admin,
      schema: { params: MessageIdParamsSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      const actor = auditActor(request);
      return change(
        actor,
        'omnichannel.resolve',
        request.params.id,
        async (tx, inbound, record) => {
          // Nobody will approve a draft of a resolved thread.
          await deleteDrafts(tx, inbound.threadKey);
          // Asked once per resolution: a thread already resolved is not asked again.
          if ((await resolveThread(tx, inbound.threadKey)) > 0) {
            await queueCsatQuestion(tx, jobs, inbound, clock());
          }
          record.before = { status: inbound.status };
          return toMessage((await findMessageById(tx, inbound.id))!);
        },
      );
    },
  );

  registerInboxStream(app, ctx.pubsub, async (brandId) =>
    Boolean(await findBrand(ctx.db, brandId)),
  );
}
