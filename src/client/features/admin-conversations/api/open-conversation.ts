import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { OpenedConversationSchema } from '#shared/admin/admin-conversation-schemas.ts';

/** POST /api/admin/conversations/{id}/open { reason }: the messages; the reason is audited. */
export function useOpenConversation() {
  return useMutation({
    retry: false,
    mutationFn: async ({ conversationId, reason }: { conversationId: string; reason: string }) =>
      (await readJson(
        await apiRequest(
          'POST',
          `/api/admin/conversations/${encodeURIComponent(conversationId)}/open`,
          { reason },
        ),
        () => OpenedConversationSchema,
      ))!,
  });
}
