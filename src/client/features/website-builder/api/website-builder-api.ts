import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, HttpError, readJson } from '#client/lib/http.ts';
import { readEvents } from '#client/lib/event-stream.ts';
import { usePagedList } from '#client/lib/use-paged-list.ts';
import { CodeFileSchema, CodeProjectSchema } from '#shared/codehub/codehub-schemas.ts';
import {
  BUILD_TIMEOUT_MS,
  BuildResultSchema,
  BuildStepSchema,
  WebsiteDetailSchema,
  WebsitePageSchema,
  type BuildResult,
  type BuildStep,
  type BuildWebsite,
  type UpdateWebsite,
} from '#shared/codehub/website-builder-schemas.ts';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';

/** The website builder's requests; its schemas come with this chunk, not the first load. */

const sitesPath = '/api/codehub/websites';
/** The server gives up after 10 minutes (spec 02 §7); the client waits a little longer for its answer. */
const CLIENT_TIMEOUT_MS = BUILD_TIMEOUT_MS + 30_000;

export const sitePath = (projectId: string) => `${sitesPath}/${projectId}`;

export function useSiteList(scope: 'mine' | 'public') {
  return usePagedList('website-builder-sites', sitesPath, { scope, limit: 12 }, WebsitePageSchema);
}

export const siteQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['website-builder-site', projectId],
    queryFn: async () =>
      (await readJson(await apiRequest('GET', sitePath(projectId)), () => WebsiteDetailSchema))!,
  });

export const useSite = (projectId: string | undefined) =>
  useQuery({ ...siteQueryOptions(projectId ?? ''), enabled: projectId !== undefined });

/**
 * Builds a site and streams its steps (Server-Sent Events) to `onStep`; resolves with the result.
 * An `error` event becomes the HttpError the JSON answer would have been.
 */
export async function buildWebsite(
  input: BuildWebsite,
  professional: boolean,
  onStep: (step: BuildStep) => void,
  signal?: AbortSignal,
): Promise<BuildResult> {
  const path = professional
    ? '/api/codehub/build-professional-website'
    : '/api/codehub/build-website';
  const response = await apiRequest('POST', path, input, {
    accept: 'text/event-stream',
    timeoutMs: CLIENT_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  if (!response.body) throw new Error('The build answered without a body');
  for await (const event of readEvents(response.body)) {
    const data: unknown = JSON.parse(event.data);
    if (event.event === 'step') onStep(BuildStepSchema.parse(data));
    else if (event.event === 'result') return BuildResultSchema.parse(data);
    else if (event.event === 'error') {
      const envelope = ErrorEnvelopeSchema.parse(data);
      throw new HttpError(envelope.statusCode, envelope.message, envelope.code, envelope.details);
    }
  }
  throw new Error('The build ended without a result');
}

export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async ({ projectId, input }: { projectId: string; input: UpdateWebsite }) =>
      (await readJson(
        await apiRequest('PATCH', sitePath(projectId), input),
        () => WebsiteDetailSchema,
      ))!,
    onSuccess: (site) => {
      queryClient.setQueryData(siteQueryOptions(site.projectId).queryKey, site);
      return queryClient.invalidateQueries({ queryKey: ['website-builder-sites'] });
    },
  });
}

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (projectId: string) => {
      await apiRequest('DELETE', sitePath(projectId));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['website-builder-sites'] }),
  });
}

/** A code hub project holding the page as its main file, index.html (the projects API). */
export function useOpenInEditor() {
  return useMutation({
    retry: false,
    mutationFn: async (site: { name: string; description: string; html: string }) => {
      const project = (await readJson(
        await apiRequest('POST', '/api/codehub/projects', {
          name: site.name.slice(0, 100),
          description: site.description.slice(0, 1000),
          language: 'html',
          fromTemplate: false,
        }),
        () => CodeProjectSchema,
      ))!;
      await readJson(
        await apiRequest('POST', `/api/codehub/projects/${project.id}/files`, {
          filename: 'index.html',
          content: site.html,
          isMain: true,
        }),
        () => CodeFileSchema,
      );
      return project;
    },
  });
}
