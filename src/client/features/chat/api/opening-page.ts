import { FIRST_PAGE_SIZE, getMessagePage, type MessagePage } from './get-messages.ts';

/** A page requested at start-up is the screen's only if it takes it this soon (a fresh read). */
const FRESH_MS = 10_000;

let opening:
  | {
      conversationId: string;
      userId: Promise<number | null>;
      page: Promise<MessagePage>;
      at: number;
    }
  | undefined;

/**
 * Requests the newest messages of the conversation the app opens on (`/chat/{id}`, a reload or a
 * shared link) at start-up, as soon as the server has confirmed the user, beside the chat
 * screen's code (routes.tsx) instead of once the screen has mounted: its messages, the page's
 * largest paint, arrive a round trip sooner. A failure is left to the screen's own read
 * (takeOpeningPage).
 */
export function prefetchOpeningPage(conversationId: string, userId: Promise<number | null>) {
  const page = userId.then((id) => {
    if (id === null) throw new Error('Nobody is signed in');
    return getMessagePage(conversationId, { limit: FIRST_PAGE_SIZE });
  });
  page.catch(() => {});
  opening = { conversationId, userId, page, at: Date.now() };
}

/**
 * The newest page of `conversationId` as requested at start-up, once: the screen's first read of
 * that conversation, by the same user (`userId`: a shared device), takes it; any other read, or a
 * later one, reads anew. A request that failed is made again, so the screen reports (or recovers
 * from) its own. Like a read of its own, it rejects once `signal` aborts: the screen has moved on.
 */
export async function takeOpeningPage(
  conversationId: string,
  userId: number | undefined,
  signal: AbortSignal,
) {
  const taken = opening;
  opening = undefined;
  const read = () => getMessagePage(conversationId, { limit: FIRST_PAGE_SIZE }, signal);
  const fresh = taken?.conversationId === conversationId && Date.now() - taken.at <= FRESH_MS;
  if (!fresh || (await taken.userId) !== userId) return read();
  return taken.page.then((page) => {
    signal.throwIfAborted();
    return page;
  }, read);
}
