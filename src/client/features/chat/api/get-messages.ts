import { apiRequest, readJson } from '#client/lib/http.ts';
import type { Message } from '#shared/chat/chat-schemas.ts';

/** Messages of the first page: the screen fills at once, even for ten thousand messages. */
export const FIRST_PAGE_SIZE = 100;
/** Older messages are fetched in larger pages as the user scrolls up (the server allows 1000). */
export const OLDER_PAGE_SIZE = 300;

export interface MessagePage {
  /** Oldest first. */
  messages: Message[];
  /** The `before` of the next older page (the server's X-Next-Cursor); null at the start. */
  olderCursor: string | null;
  /** The `after` of the next newer page (X-Newer-Cursor); null at the newest message. */
  newerCursor: string | null;
}

/** One of: `before` (older page), `after` (newer page), `around` (a message's page); none: newest. */
export interface PageRequest {
  limit: number;
  before?: string | null;
  after?: string | null;
  around?: number;
}

/**
 * GET /api/messages/:id (spec 01-core §4 "Loading a conversation id"): the latest `limit`
 * messages, those before `before` or after `after`, or the page around the message `around` (a
 * search hit, issue #5), oldest first.
 */
export async function getMessagePage(
  conversationId: string,
  page: PageRequest,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const query = new URLSearchParams({ limit: String(page.limit) });
  for (const key of ['before', 'after', 'around'] as const) {
    if (page[key]) query.set(key, String(page[key]));
  }
  const response = await apiRequest(
    'GET',
    `/api/messages/${encodeURIComponent(conversationId)}?${query.toString()}`,
    undefined,
    { signal },
  );
  const list = await readJson(response, (s) => s.MessageListSchema);
  return {
    messages: list ?? [],
    olderCursor: response.headers.get('x-next-cursor'),
    newerCursor: response.headers.get('x-newer-cursor'),
  };
}
