import { useTranslation } from 'react-i18next';

interface SaveConflictProps {
  busy: boolean;
  onOverwrite: () => void;
  onDiscard: () => void;
}

/** A save refused because the file changed elsewhere: the user's text stays until they choose. */
export function SaveConflict({ busy, onOverwrite, onDiscard }: SaveConflictProps) {
  const { t } = useTranslation('codehub');
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-lg border border-danger p-3 text-sm">
      <p>{t('conflict.message')}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={busy} onClick={onOverwrite}>
          {t('conflict.overwrite')}
        </button>
        <button type="button" className="btn-outline" disabled={busy} onClick={onDiscard}>
          {t('conflict.discard')}
        </button>
      </div>
    </div>
  );
}
