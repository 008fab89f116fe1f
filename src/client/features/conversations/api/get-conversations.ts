import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, HttpError } from '#client/lib/http.ts';
import { doublingDelay } from '#client/lib/query-client.ts';
import type { Conversation } from '#shared/chat/conversation-schemas.ts';

/** A conversation row as GET /api/conversations lists it (spec 01-core §3, §7). */
export type ConversationSummary = Pick<
  Conversation,
  'id' | 'title' | 'timestamp' | 'conversationId' | 'personaId'
> &
  Partial<Pick<Conversation, 'updatedAt'>>;

/**
 * GET /api/conversations: only when signed in; fresh 60 s, 3 retries, refreshed every 60 s
 * (spec 01-core §7). A server without the chat feature (404) has no conversations.
 */
export const conversationsQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: ['conversations', userId],
    queryFn: async () => {
      try {
        const list = await getJson<ConversationSummary[]>('/api/conversations');
        return Array.isArray(list) ? list : [];
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return [];
        throw error;
      }
    },
    enabled: userId !== null,
    staleTime: 60_000,
    refetchInterval: 60_000,
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 3,
    retryDelay: doublingDelay(10_000),
  });

export function useConversations(userId: number | null) {
  const query = useQuery(conversationsQueryOptions(userId));
  return { ...query, conversations: query.data ?? [] };
}
