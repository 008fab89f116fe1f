import { queryOptions } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';

/** GET /api/conversations/{id}: the conversation's title and persona (spec 01-core §7). */
export const conversationQueryOptions = (conversationId: string | undefined) =>
  queryOptions({
    queryKey: ['conversation', conversationId ?? null],
    queryFn: () =>
      getJson(
        `/api/conversations/${encodeURIComponent(conversationId!)}`,
        (s) => s.ConversationSchema,
      ),
    enabled: conversationId !== undefined,
    staleTime: 0,
    retry: false,
  });
