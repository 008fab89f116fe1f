import {
  focusManager,
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
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
/** Spec 01-core §7: the list is refreshed every 60 s. */
const REFRESH_INTERVAL_MS = 60_000;

export async function fetchConversationPage(before: string | null): Promise<ConversationPage> {
  const search = new URLSearchParams({ limit: String(CONVERSATION_PAGE_SIZE) });
  if (before) search.set('before', before);
  try {
    const response = await apiRequest('GET', `/api/conversations?${search.toString()}`);
    const items = (await readJson(response, (s) => s.ConversationListSchema)) ?? [];
    const total = response.headers.get('x-total-count');
    return {
      items,
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
 * 3 retries (spec 01-core §7). The sidebar, the drawer, settings and the history screen all read
 * this one cache entry. The 60 s refresh is useConversationsRefresh, not a refetchInterval: that
 * would fetch every loaded page again each minute.
 */
export const conversationsQueryOptions = (userId: number | null) =>
  infiniteQueryOptions({
    queryKey: ['conversations', userId],
    queryFn: ({ pageParam }) => fetchConversationPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: userId !== null,
    staleTime: REFRESH_INTERVAL_MS,
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

/**
 * The loaded pages with a fresh first page merged in, or null when the fresh page does not reach
 * the rows loaded before (more changed than a page holds): then only a full refetch is correct.
 *
 * The list is ordered by last activity, and activity only moves a conversation up. So the old
 * row the fresh page ends with, if unchanged, splits the loaded rows: those above it are all in
 * the fresh page unless deleted (they go), those below it stay unless they moved up into the
 * fresh page (the fresh copy counts). A deletion further down (or a row that moved up from the
 * pages not loaded yet) shows in the server's total: fewer rows than the merge accounts for.
 */
export function mergeFirstPage(
  data: ConversationsData,
  fresh: ConversationPage,
): ConversationsData | null {
  // The whole list fits the fresh page, or only one page was loaded: the fresh page replaces all.
  if (fresh.nextCursor === null || data.pages.length <= 1) {
    return { pages: [fresh], pageParams: [data.pageParams[0] ?? null] };
  }
  const boundary = fresh.items.at(-1);
  const loaded = data.pages.flatMap((page) => page.items);
  const at = loaded.findIndex((row) => row.conversationId === boundary?.conversationId);
  const unchanged =
    at !== -1 && boundary !== undefined && activity(loaded[at]!) === activity(boundary);
  if (!unchanged) return null;
  const inFresh = new Set(fresh.items.map((row) => row.conversationId));
  const below = new Set(loaded.slice(at + 1).filter((row) => !inFresh.has(row.conversationId)));
  const notLoaded = Math.max(0, (data.pages[0]?.total ?? loaded.length) - loaded.length);
  if (fresh.total !== null && fresh.total < fresh.items.length + below.size + notLoaded) {
    return null;
  }
  const [first, ...rest] = data.pages.map((page) => ({
    ...page,
    items: page.items.filter((row) => below.has(row)),
  }));
  return {
    ...data,
    pages: [{ ...first!, items: [...fresh.items, ...first!.items], total: fresh.total }, ...rest],
  };
}

const activity = (row: ConversationSummary) => row.updatedAt ?? row.timestamp;

/**
 * Brings the loaded list up to date with one request: the first page, merged into the loaded
 * pages. A user who scrolled through thousands of conversations expects new and renamed ones on
 * top and deleted ones gone, but not thousands of rows fetched again every minute, nor with every
 * message sent; a full refetch of the loaded pages is left for the rare case in which more than a
 * page changed.
 *
 * The 60 s refresh skips a round when a page is on its way. After the user's own change (a reply,
 * a deletion) `wait` waits for that fetch instead, which may have started before the change, so
 * the change shows at once rather than a minute later.
 */
export async function refreshConversations(
  queryClient: QueryClient,
  userId: number,
  { wait = false }: { wait?: boolean } = {},
) {
  const { queryKey } = conversationsQueryOptions(userId);
  const busy = () => queryClient.isFetching({ queryKey, exact: true }) > 0;
  const settle = async () => {
    while (wait && busy()) {
      const pending = queryClient.getQueryCache().find({ queryKey, exact: true })?.promise;
      if (!pending) return;
      await pending.catch(() => {});
    }
  };
  await settle();
  // Nothing loaded yet, or a page on its way: that fetch brings fresh rows itself.
  if (!queryClient.getQueryData(queryKey) || busy()) return;
  const fresh = await fetchConversationPage(null);
  await settle();
  // A page fetched meanwhile would be overwritten by, or overwrite, the merge: next minute.
  const current = queryClient.getQueryData<ConversationsData>(queryKey);
  if (!current || busy()) return;
  const merged = mergeFirstPage(current, fresh);
  if (merged) queryClient.setQueryData(queryKey, merged);
  else await queryClient.refetchQueries({ queryKey, exact: true });
}

/**
 * The 60 s refresh of the conversation list (spec 01-core §7), run once for the app (the layout),
 * while the page is in view. A failed refresh keeps what is shown; the next minute tries again.
 */
export function useConversationsRefresh(userId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const timer = setInterval(() => {
      if (focusManager.isFocused()) refreshConversations(queryClient, userId).catch(() => {});
    }, REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [queryClient, userId]);
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
