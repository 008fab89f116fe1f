import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { CreatedSessionSchema } from '#shared/codehub/live-schemas.ts';
import { useMutation } from '@tanstack/react-query';

/** Starts a live session on the project (the caller is its host) and opens it. */
export function StartLiveButton({
  projectId,
  onError,
}: {
  projectId: string;
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
      onClick={() => start.mutate()}
    >
      {t('project.startLive')}
    </button>
  );
}
