import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest, HttpError, readJson } from '#client/lib/http.ts';
import { doublingDelay } from '#client/lib/query-client.ts';
import type { Conversation } from '#shared/chat/conversation-schemas.ts';

/** A conversation row as GET /api/conversations lists it (spec 01-core §3, §7). */
export type ConversationSummary = Pick<
  Conversation,
  'id' | 'title' | 'timestamp' | 'conversationId' | 'personaId'
> &
  Partial<Pick<Conversation, 'updatedAt'>>;

export interface ConversationPage {
  items: ConversationSummary[];
  /** The X-Next-Cursor header: pass as `before` for the next (older) page. */
  nextCursor: string | null;
  /** The X-Total-Count header of a first page. */
  total: number | null;
}

/** Rows per request: enough to fill a tall sidebar, small enough to answer fast. */
export const CONVERSATION_PAGE_SIZE = 100;
/** Past this many loaded pages the 60 s refresh stops: it would refetch every page in turn. */
const REFRESH_MAX_PAGES = 3;

export async function fetchConversationPage(before: string | null): Promise<ConversationPage> {
  const search = new URLSearchParams({ limit: String(CONVERSATION_PAGE_SIZE) });
  if (before) search.set('before', before);
  try {
    const response = await apiRequest('GET', `/api/conversations?${search.toString()}`);
    const items = (await readJson<ConversationSummary[]>(response)) ?? [];
    const total = response.headers.get('x-total-count');
    return {
      items: Array.isArray(items) ? items : [],
      nextCursor: response.headers.get('x-next-cursor'),
      total: total === null ? null : Number(total),
    };
  } catch (error) {
    // A server without the chat feature (404) has no conversations.
    if (error instanceof HttpError && error.status === 404) {
      return { items: [], nextCursor: null, total: 0 };
    }
    throw error;
  }
}

/**
 * GET /api/conversations, newest first, a page at a time: only when signed in; fresh 60 s,
 * 3 retries, refreshed every 60 s (spec 01-core §7). The sidebar, the drawer, settings and the
 * history screen all read this one cache entry.
 */
export const conversationsQueryOptions = (userId: number | null) =>
  infiniteQueryOptions({
    queryKey: ['conversations', userId],
    queryFn: ({ pageParam }) => fetchConversationPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: userId !== null,
    staleTime: 60_000,
    refetchInterval: (query) =>
      (query.state.data?.pages.length ?? 0) > REFRESH_MAX_PAGES ? false : 60_000,
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 3,
    retryDelay: doublingDelay(10_000),
  });

export type ConversationsData = InfiniteData<ConversationPage, unknown>;

/** All loaded rows and the total, kept in step with a removal done in the cache. */
export function flattenConversations(data: ConversationsData | undefined) {
  const pages = data?.pages ?? [];
  const conversations = pages.flatMap((page) => page.items);
  const reported = pages[0]?.total ?? null;
  return { conversations, total: Math.max(reported ?? 0, conversations.length) };
}

export function useConversations(userId: number | null) {
  const query = useInfiniteQuery(conversationsQueryOptions(userId));
  const { conversations, total } = useMemo(() => flattenConversations(query.data), [query.data]);
  return {
    conversations,
    total,
    isLoading: query.isLoading,
    isError: query.isError,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    refetch: query.refetch,
  };
}

export type ConversationList = ReturnType<typeof useConversations>;
