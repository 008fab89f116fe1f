import { usePagedList } from '#client/lib/use-paged-list.ts';
import {
  AdminConversationPageSchema,
  type AdminConversation,
} from '#shared/admin/admin-conversation-schemas.ts';

export interface ConversationFilters {
  userId?: number;
  q?: string;
}

/** GET /api/admin/conversations, most recently updated first, a page at a time. */
export function useAdminConversations(filters: ConversationFilters) {
  return usePagedList<AdminConversation>(
    'admin-conversations',
    '/api/admin/conversations',
    { ...filters },
    AdminConversationPageSchema,
  );
}
