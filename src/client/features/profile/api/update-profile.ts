import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import { accountQueryOptions } from '#client/features/profile/api/get-account.ts';
import type { UpdateProfileInput } from '#shared/auth/auth-schemas.ts';

/**
 * PATCH /api/user with the changed fields only. The signed-in user (name in the sidebar) and the
 * account card both refresh; a new password also rotates this session's cookie on the server.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: UpdateProfileInput) =>
      (await readJson(await apiRequest('PATCH', '/api/user', patch), (s) => s.PublicUserSchema))!,
    retry: false,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryOptions.queryKey, user);
      await queryClient.invalidateQueries({ queryKey: accountQueryOptions.queryKey });
    },
  });
}
