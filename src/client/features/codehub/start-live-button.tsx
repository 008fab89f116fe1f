import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { CreatedSessionSchema } from '#shared/codehub/live-schemas.ts';
import { useMutation } from '@tanstack/react-query';

/**
 * Starts a live session on the project (the caller is its host) and opens it. The session starts
 * from the saved files, so with `unsaved` edits it asks first.
 */
export function StartLiveButton({
  projectId,
  unsaved,
  onError,
}: {
  projectId: string;
  unsaved: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('codehub');
  const navigate = useNavigate();
  const start = useMutation({
    retry: false,
    mutationFn: async () =>
      (await readJson(
        await apiRequest('POST', '/api/codehub/sessions', { projectId }),
        () => CreatedSessionSchema,
      ))!.sessionId,
    onSuccess: (sessionId) => void navigate(`/codehub/live/${sessionId}`),
    onError,
  });
  return (
    <button
      type="button"
      className="btn-primary"
      disabled={start.isPending}
      onClick={() => {
        if (!unsaved || window.confirm(t('project.startLiveConfirm'))) start.mutate();
      }}
    >
      {t('project.startLive')}
    </button>
  );
}
