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
}

/**
 * GET /api/messages/:id (spec 01-core §4 "Loading a conversation id"): the latest `limit`
 * messages, or those before `before`, oldest first.
 */
export async function getMessagePage(
  conversationId: string,
  page: { limit: number; before?: string | null },
  signal?: AbortSignal,
): Promise<MessagePage> {
  const query = new URLSearchParams({ limit: String(page.limit) });
  if (page.before) query.set('before', page.before);
  const response = await apiRequest(
    'GET',
    `/api/messages/${encodeURIComponent(conversationId)}?${query.toString()}`,
    undefined,
    { signal },
  );
  const list = await readJson<Message[]>(response);
  return {
    messages: Array.isArray(list) ? list : [],
    olderCursor: response.headers.get('x-next-cursor'),
  };
}
