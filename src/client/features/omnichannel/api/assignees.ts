import { useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { AssigneePageSchema } from '#shared/omnichannel/inbox-schemas.ts';
import { MAX_PAGE_SIZE } from '#shared/api/pagination.ts';

export interface Assignee {
  id: number;
  name: string;
}

/**
 * Whom an inbound message can be assigned to: the active administrators, by name (the admin
 * users list filtered; its first page of 100 is plenty for an inbox team).
 */
export function useAssignees() {
  return useQuery({
    queryKey: ['omnichannel-assignees'],
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        role: 'admin',
        status: 'active',
        sort: 'username',
        order: 'asc',
        limit: String(MAX_PAGE_SIZE),
      });
      const page = await readJson(
        await apiRequest('GET', `/api/admin/users?${query}`, undefined, { signal }),
        () => AssigneePageSchema,
      );
      return (page?.items ?? []).map((user): Assignee => ({
        id: user.id,
        name: user.displayName ?? user.username,
      }));
    },
  });
}
