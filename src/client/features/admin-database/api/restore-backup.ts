import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { randomUuid } from '#client/lib/random-uuid.ts';
import { RESTORE_TIMEOUT_MS, RestoreResultSchema } from '#shared/admin/backups.ts';
import { followRestore, isAnswerLost } from './follow-restore.ts';

/**
 * POST /api/admin/backups/restore: replaces the data with the checked backup. The restore is
 * named, so that when its answer is lost on the way (a proxy's 504 while it goes on, decision
 * 309) its real outcome is asked for instead of reporting a failure. `answerLost`: that is
 * happening now.
 */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  const [answerLost, setAnswerLost] = useState(false);
  const mutation = useMutation({
    retry: false,
    mutationFn: async (checkToken: string) => {
      setAnswerLost(false);
      const restoreId = randomUuid();
      try {
        return (await readJson(
          await apiRequest(
            'POST',
            '/api/admin/backups/restore',
            { checkToken, confirm: true, restoreId },
            { timeoutMs: RESTORE_TIMEOUT_MS },
          ),
          () => RestoreResultSchema,
        ))!;
      } catch (error) {
        if (!isAnswerLost(error)) throw error;
        setAnswerLost(true);
        return await followRestore(restoreId, error, RESTORE_TIMEOUT_MS);
      }
    },
    // Everything may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
  return { mutation, answerLost };
}
