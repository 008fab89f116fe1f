import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiRequest, getJson, readJson } from '#client/lib/http.ts';
import { invalidateProject } from '../api/codehub-api.ts';
import {
  CreatedSessionSchema,
  LiveSessionSchema,
  ReplaySchema,
  SessionListSchema,
  SharedRunSchema,
  type ChangeRole,
  type ShareRun,
} from '#shared/codehub/live-schemas.ts';

/** Live session requests (issue 13 items 2 and 3); they come with the live pages' chunks. */

const base = '/api/codehub/sessions';

export const sessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['codehub-session', sessionId],
    queryFn: async () => (await getJson(`${base}/${sessionId}`, () => LiveSessionSchema))!,
    retry: false,
  });

export const useLiveSession = (sessionId: string) => useQuery(sessionQueryOptions(sessionId));

export const useMySessions = () =>
  useQuery({
    queryKey: ['codehub-sessions'],
    queryFn: async () => (await getJson(base, () => SessionListSchema))!.sessions,
  });

/**
 * The session's replay, page by page (the log can be long): the first page comes at once, the
 * rest follow by themselves one after another, so the replay can start before the end is here.
 */
export function useReplay(sessionId: string) {
  const replay = useInfiniteQuery({
    queryKey: ['codehub-replay', sessionId],
    queryFn: async ({ pageParam }) => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      return (await getJson(`${base}/${sessionId}/replay${query}`, () => ReplaySchema))!;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = replay;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const pages = replay.data?.pages;
  const actions = useMemo(() => pages?.flatMap((page) => page.actions) ?? [], [pages]);
  return {
    actions,
    /** The newest page's list: files added or deleted meanwhile are in it. */
    files: pages?.at(-1)?.files ?? [],
    /** Every page is here (a running session may still add to it later). */
    complete: replay.isSuccess && !hasNextPage,
    isLoading: replay.isLoading,
    error: replay.error,
  };
}

export function useStartSession() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (projectId: string) =>
      (await readJson(await apiRequest('POST', base, { projectId }), () => CreatedSessionSchema))!
        .sessionId,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['codehub-sessions'] }),
  });
}

/** Join, change a role, end: each answers with (or changes) the session's details. */
export function useSessionActions(sessionId: string) {
  const queryClient = useQueryClient();
  const key = sessionQueryOptions(sessionId).queryKey;
  const join = useMutation({
    retry: false,
    mutationFn: async () =>
      (await readJson(
        await apiRequest('POST', `${base}/${sessionId}/join`),
        () => LiveSessionSchema,
      ))!,
    onSuccess: (session) => queryClient.setQueryData(key, session),
  });
  const changeRole = useMutation({
    retry: false,
    mutationFn: async ({ userId, role }: { userId: number } & ChangeRole) =>
      (await readJson(
        await apiRequest('PATCH', `${base}/${sessionId}/participants/${userId}`, { role }),
        () => LiveSessionSchema,
      ))!,
    onSuccess: (session) => queryClient.setQueryData(key, session),
  });
  const end = useMutation({
    retry: false,
    mutationFn: async () => {
      await apiRequest('POST', `${base}/${sessionId}/end`);
    },
    onSuccess: () => {
      const projectId = queryClient.getQueryData(key)?.project.id;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['codehub-sessions'] }),
        projectId ? invalidateProject(queryClient, projectId) : null,
      ]);
    },
  });
  /** Shares a run into the session's Output: every participant sees it (the server tells them). */
  const shareRun = useMutation({
    retry: false,
    mutationFn: async (run: ShareRun) =>
      (await readJson(
        await apiRequest('POST', `${base}/${sessionId}/runs`, run),
        () => SharedRunSchema,
      ))!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { join, changeRole, end, shareRun };
}
