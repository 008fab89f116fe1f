import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  conversationsQueryOptions,
  refreshConversations,
  type ConversationsData,
} from '#client/lib/api/get-conversations.ts';
import { apiRequest } from '#client/lib/http.ts';

/** The cached pages without one conversation; the reported total shrinks with it. */
export function withoutConversation(
  data: ConversationsData | undefined,
  conversationId: string,
): ConversationsData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const items = page.items.filter((item) => item.conversationId !== conversationId);
      const removed = page.items.length - items.length;
      return {
        ...page,
        items,
        total: page.total === null ? null : Math.max(0, page.total - removed),
      };
    }),
  };
}

/**
 * DELETE /api/conversations/:conversationId (spec 01-core §4 "History delete"): on success the
 * row leaves every list at once, then the list (its first page, merged into the loaded pages) and
 * the search results are refreshed. A failed refresh leaves the row removed; the 60 s one retries.
 */
export function useDeleteConversation(userId: number | null) {
  const queryClient = useQueryClient();
  const { queryKey } = conversationsQueryOptions(userId);
  return useMutation({
    // A retried DELETE after a lost answer would report a 404 for a deleted row.
    retry: false,
    mutationFn: async (conversationId: string) => {
      await apiRequest('DELETE', `/api/conversations/${encodeURIComponent(conversationId)}`);
      return conversationId;
    },
    onSuccess: async (conversationId) => {
      const remove = () =>
        queryClient.setQueryData(queryKey, (data) => withoutConversation(data, conversationId));
      remove();
      await Promise.all([
        userId === null
          ? undefined
          : refreshConversations(queryClient, userId, { wait: true }).catch(() => {}),
        queryClient.invalidateQueries({ queryKey: ['search'] }),
      ]);
      // A page that was on its way during the deletion was written with the row still in it.
      remove();
    },
  });
}
