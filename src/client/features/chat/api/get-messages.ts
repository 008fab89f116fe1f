import { getJson } from '#client/lib/http.ts';
import type { Message } from '#shared/chat/chat-schemas.ts';

/** GET /api/messages/:id: the conversation's latest messages, oldest first (spec 01-core §4). */
export async function getMessages(conversationId: string, signal?: AbortSignal) {
  const list = await getJson<Message[]>(`/api/messages/${encodeURIComponent(conversationId)}`, {
    signal,
  });
  return Array.isArray(list) ? list : [];
}
