import { apiRequest } from '#client/lib/http.ts';
import type { StopRequestSchema } from '#shared/chat/chat-schemas.ts';
import type { z } from 'zod';

/** POST /api/chat/stop: the server ends the reply and keeps what was written so far. */
export async function stopReply(body: z.input<typeof StopRequestSchema>): Promise<void> {
  await apiRequest('POST', '/api/chat/stop', body);
}
