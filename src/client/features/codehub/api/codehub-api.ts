import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '#client/lib/http.ts';
import { usePagedList } from '#client/lib/use-paged-list.ts';
import {
  CodeFileListSchema,
  CodeFileSchema,
  CodeProjectSchema,
  ProjectPageSchema,
  type CodeFile,
  type CreateFile,
  type CreateProject,
  type UpdateFile,
  type UpdateProject,
} from '#shared/codehub/codehub-schemas.ts';

/** The code hub's requests; its schemas come with this chunk, not the first load. */

const projectsPath = '/api/codehub/projects';

export function useProjectList(scope: 'mine' | 'public') {
  return usePagedList('codehub-projects', projectsPath, { scope, limit: 20 }, ProjectPageSchema);
}

export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['codehub-project', projectId],
    queryFn: async () => (await getJson(`${projectsPath}/${projectId}`, () => CodeProjectSchema))!,
  });

export const filesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['codehub-files', projectId],
    queryFn: async () =>
      (await getJson(`${projectsPath}/${projectId}/files`, () => CodeFileListSchema))!.files,
  });

/**
 * The project and its files are loaded again when next shown: a live session writes its text into
 * the files (decision 230), which the cached list from before the session does not have.
 */
export function invalidateProject(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey }),
    queryClient.invalidateQueries({ queryKey: filesQueryOptions(projectId).queryKey }),
  ]);
}

export const useProject = (projectId: string) => useQuery(projectQueryOptions(projectId));
export const useFiles = (projectId: string) => useQuery(filesQueryOptions(projectId));

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (input: CreateProject) =>
      (await readJson(await apiRequest('POST', projectsPath, input), () => CodeProjectSchema))!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['codehub-projects'] }),
  });
}

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (input: UpdateProject) =>
      (await readJson(
        await apiRequest('PATCH', `${projectsPath}/${projectId}`, input),
        () => CodeProjectSchema,
      ))!,
    onSuccess: (project) => {
      queryClient.setQueryData(projectQueryOptions(projectId).queryKey, project);
      return queryClient.invalidateQueries({ queryKey: ['codehub-projects'] });
    },
  });
}

export function useDeleteProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async () => {
      await apiRequest('DELETE', `${projectsPath}/${projectId}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['codehub-projects'] }),
  });
}

/** File changes answer with the file; the list is refreshed so the main flag stays right. */
export function useFileMutations(projectId: string) {
  const queryClient = useQueryClient();
  const filesKey = filesQueryOptions(projectId).queryKey;
  const refresh = () => queryClient.invalidateQueries({ queryKey: filesKey });
  const base = `${projectsPath}/${projectId}/files`;
  const create = useMutation({
    retry: false,
    mutationFn: async (input: CreateFile) =>
      (await readJson(await apiRequest('POST', base, input), () => CodeFileSchema))!,
    onSuccess: refresh,
  });
  const update = useMutation({
    retry: false,
    mutationFn: async ({ fileId, input }: { fileId: string; input: UpdateFile }) =>
      (await readJson(
        await apiRequest('PATCH', `${base}/${fileId}`, input),
        () => CodeFileSchema,
      ))!,
    onSuccess: (file: CodeFile) => {
      queryClient.setQueryData(filesKey, (files) =>
        files?.map((old) => (old.id === file.id ? file : old)),
      );
      return refresh();
    },
  });
  const remove = useMutation({
    retry: false,
    mutationFn: async (fileId: string) => {
      await apiRequest('DELETE', `${base}/${fileId}`);
    },
    onSuccess: refresh,
  });
  return { create, update, remove };
}
