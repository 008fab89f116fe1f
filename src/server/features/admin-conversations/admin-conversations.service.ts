import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import type { AppSettingsStore } from '#server/app-settings/app-settings.ts';
import {
  ADMIN_MESSAGE_LIMIT,
  type AdminConversation,
  type OpenedConversation,
} from '#shared/admin/admin-conversation-schemas.ts';
import { forbidden, invalid, notFound } from '#shared/errors/app-error.ts';
import {
  findConversationForAdmin,
  listMessagesForAdmin,
  type AdminConversationRow,
} from './admin-conversations.queries.ts';

export const ACCESS_OFF_MESSAGE =
  'Administrator access to conversations is switched off in the settings';

/** The app setting adminConversationAccess off → 403 for the list and every opening. */
export function requireConversationAccess(settings: AppSettingsStore) {
  if (!settings.current().adminConversationAccess) throw forbidden(ACCESS_OFF_MESSAGE);
}

export function toAdminConversation(row: AdminConversationRow): AdminConversation {
  return {
    conversationId: row.conversationId,
    title: row.title,
    userId: row.userId,
    username: row.username,
    messageCount: Number(row.messageCount),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Reads a user's conversation for an administrator. The only reader of messages in this
 * feature: it needs the reason, and the read and its audit row (with that reason) are one
 * transaction, so there is no read without a recorded reason.
 */
export async function openConversation(
  db: Database,
  actor: AuditActor,
  conversationId: string,
  reason: string,
): Promise<OpenedConversation> {
  const why = reason.trim();
  if (!why) throw invalid('A reason is required', { reason: ['A reason is required'] });
  return withAudit(
    db,
    actor,
    'conversation.open',
    { type: 'conversation', id: conversationId },
    async (tx, record) => {
      record.reason = why;
      const row = await findConversationForAdmin(tx, conversationId);
      if (!row) throw notFound('Conversation not found');
      const messages = await listMessagesForAdmin(tx, conversationId, ADMIN_MESSAGE_LIMIT + 1);
      const conversation = toAdminConversation(row);
      record.after = { ownerId: row.userId, messageCount: conversation.messageCount };
      return {
        conversation,
        messages: messages.slice(0, ADMIN_MESSAGE_LIMIT).map((message) => ({
          ...message,
          timestamp: message.timestamp.toISOString(),
        })),
        truncated: messages.length > ADMIN_MESSAGE_LIMIT,
      };
    },
  );
}
