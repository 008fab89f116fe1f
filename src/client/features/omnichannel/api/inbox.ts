import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { readEvents } from '#client/lib/event-stream.ts';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { notifyError } from '#client/lib/notify.ts';
import { withReconnects } from '#client/lib/reconnect.ts';
import { usePagedList, type ListFilters } from '#client/lib/use-paged-list.ts';
import {
  EscalationNoticeSchema,
  type EscalationNotice,
} from '#shared/omnichannel/escalation-notice-schemas.ts';
import {
  InboxEventSchema,
  InboxPageSchema,
  MessageSchema,
  ThreadSchema,
  type OmnichannelMessage,
} from '#shared/omnichannel/inbox-schemas.ts';
import {
  TemplateListSchema,
  TemplateSchema,
  type TemplateInput,
} from '#shared/omnichannel/template-schemas.ts';

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
 * The brand's inbox live: each change a customer, another admin or a delivery makes reads the
 * list and the changed thread again (Server-Sent Events on the shared reader). A dropped stream
 * reconnects with the shared backoff and reads both again, since changes may have been missed.
 */
export function useInboxLive(
  brandId: string,
  /** An escalation naming someone to tell (the caller checks whom). */
  onEscalation?: (notice: EscalationNotice) => void,
) {
  const queryClient = useQueryClient();
  const onEscalationRef = useRef(onEscalation);
  useEffect(() => {
    onEscalationRef.current = onEscalation;
  }, [onEscalation]);
  useEffect(() => {
    const controller = new AbortController();
    const refresh = (threadKey?: string) => {
      void queryClient.invalidateQueries({ queryKey: [INBOX_KEY] });
      void queryClient.invalidateQueries({
        queryKey: threadKey ? [THREAD_KEY, threadKey] : [THREAD_KEY],
      });
    };
    void withReconnects(
      async (attempt) => {
        const response = await apiRequest(
          'GET',
          `/api/omnichannel/inbox/stream?brandId=${encodeURIComponent(brandId)}`,
          undefined,
          { accept: 'text/event-stream', signal: controller.signal },
        );
        if (attempt > 0) refresh();
        if (!response.body) return;
        for await (const { event, data } of readEvents(response.body)) {
          if (event === 'change') refresh(changedThread(data));
          if (event === 'escalation') {
            const notice = parseEvent(data, EscalationNoticeSchema);
            if (notice) onEscalationRef.current?.(notice);
          }
        }
        // The server closed it (a restart): follow again.
        if (!controller.signal.aborted) throw new Error('The inbox stream ended');
      },
      { reconnects: Number.POSITIVE_INFINITY, signal: controller.signal },
    ).catch(() => {
      // Refused (signed out, no longer an admin) or left: the screen stays as it was read.
    });
    return () => controller.abort();
  }, [brandId, queryClient]);
}

function parseEvent<T>(
  data: string,
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
) {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? (parsed.data ?? null) : null;
  } catch {
    return null;
  }
}

const changedThread = (data: string) => parseEvent(data, InboxEventSchema)?.threadKey;

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
