import { apiRequest, readJson } from '#client/lib/http.ts';
import type { Message } from '#shared/chat/chat-schemas.ts';

/** PUT /api/messages/:id/feedback: stores (or with null clears) the rating of a reply. */
export async function saveFeedback(messageId: number, feedback: Message['feedback']) {
  const response = await apiRequest('PUT', `/api/messages/${messageId}/feedback`, { feedback });
  return readJson(response, (s) => s.FeedbackResponseSchema);
}
