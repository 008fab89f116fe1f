import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { notifyError } from '#client/lib/notify.ts';
import { usePagedList, type ListFilters } from '#client/lib/use-paged-list.ts';
import {
  InboxEventSchema,
  InboxPageSchema,
  MessageSchema,
  TemplateListSchema,
  TemplateSchema,
  ThreadSchema,
  type OmnichannelMessage,
  type TemplateInput,
} from '#shared/omnichannel/omnichannel-schemas.ts';

const INBOX_KEY = 'omnichannel-inbox';
const THREAD_KEY = 'omnichannel-thread';
const TEMPLATES_KEY = 'omnichannel-templates';

/** The inbox's threads (their latest customer message), newest first, filtered. */
export function useInbox(filters: ListFilters) {
  return usePagedList<OmnichannelMessage>(
    INBOX_KEY,
    '/api/omnichannel/messages',
    filters,
    InboxPageSchema,
  );
}

/** One thread, oldest message first, drafts included. */
export function useThread(threadKey: string | null) {
  return useQuery({
    queryKey: [THREAD_KEY, threadKey],
    enabled: threadKey !== null,
    queryFn: async () =>
      readJson(
        await apiRequest('GET', `/api/omnichannel/threads/${encodeURIComponent(threadKey!)}`),
        () => ThreadSchema,
      ),
  });
}

export type InboxAction =
  | { kind: 'reply'; content: string; templateId?: string }
  | { kind: 'approve'; content?: string }
  | { kind: 'reject' }
  | { kind: 'assign'; userId: number | null }
  | { kind: 'resolve' };

/** What an administrator does with an inbound message; the list and thread are read again. */
export function useInboxAction(messageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: InboxAction) => {
      const { kind, ...body } = action;
      const response = await apiRequest(
        'POST',
        `/api/omnichannel/messages/${messageId}/${kind}`,
        body,
      );
      return readJson(response, () => MessageSchema);
    },
    retry: false,
    onError: (error) => notifyError(error),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: [INBOX_KEY] });
      await queryClient.invalidateQueries({ queryKey: [THREAD_KEY] });
      await queryClient.invalidateQueries({ queryKey: [TEMPLATES_KEY] });
    },
  });
}

/**
 * The brand's inbox live: every change another admin, a customer or a delivery makes reads the
 * list and the changed thread again (Server-Sent Events; the browser reconnects on its own, and
 * a reconnect reads them again too).
 */
export function useInboxLive(brandId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource(
      `/api/omnichannel/inbox/stream?brandId=${encodeURIComponent(brandId)}`,
    );
    const refresh = (threadKey?: string) => {
      void queryClient.invalidateQueries({ queryKey: [INBOX_KEY] });
      void queryClient.invalidateQueries({
        queryKey: threadKey ? [THREAD_KEY, threadKey] : [THREAD_KEY],
      });
    };
    source.addEventListener('change', (event) => {
      const parsed = InboxEventSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      refresh(parsed.success ? parsed.data.threadKey : undefined);
    });
    source.addEventListener('open', () => refresh());
    return () => source.close();
  }, [brandId, queryClient]);
}

const templatesPath = (brandId: string) => `/api/omnichannel/brands/${brandId}/templates`;

export function useTemplates(brandId: string) {
  return useQuery({
    queryKey: [TEMPLATES_KEY, brandId],
    queryFn: async () =>
      (await readJson(await apiRequest('GET', templatesPath(brandId)), () => TemplateListSchema))
        ?.items ?? [],
  });
}

export function useSaveTemplate(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TemplateInput) =>
      readJson(await apiRequest('POST', templatesPath(brandId), input), () => TemplateSchema),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES_KEY, brandId] }),
  });
}

export function useDeleteTemplate(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) =>
      apiRequest('DELETE', `${templatesPath(brandId)}/${templateId}`),
    retry: false,
    onError: (error) => notifyError(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES_KEY, brandId] }),
  });
}
