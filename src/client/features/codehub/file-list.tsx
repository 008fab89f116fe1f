import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeFile } from '#shared/codehub/codehub-schemas.ts';

interface FileListProps {
  files: CodeFile[];
  activeId: string | null;
  dirtyIds: Set<string>;
  canEdit: boolean;
  onOpen: (fileId: string) => void;
  onAdd: (filename: string) => void;
  adding: boolean;
}

/** The project's files (main first), unsaved ones marked, and a field to add one. */
export function FileList({
  files,
  activeId,
  dirtyIds,
  canEdit,
  onOpen,
  onAdd,
  adding,
}: FileListProps) {
  const { t } = useTranslation('codehub');
  const [filename, setFilename] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdd(filename.trim());
    setFilename('');
  };

  return (
    <nav aria-label={t('files.title')} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold uppercase text-muted">{t('files.title')}</h2>
      <ul className="flex flex-col gap-1">
        {files.map((file) => (
          <li key={file.id}>
            <button
              type="button"
              aria-current={file.id === activeId ? 'true' : undefined}
              onClick={() => onOpen(file.id)}
              className={`btn-ghost flex w-full items-center gap-2 text-left ${
                file.id === activeId ? 'bg-accent/10 font-semibold' : ''
              }`}
            >
              <span className="flex-1 truncate">{file.filename}</span>
              {dirtyIds.has(file.id) ? (
                <span title={t('editor.unsaved')} aria-label={t('editor.unsaved')}>
                  •
                </span>
              ) : null}
              {file.isMain ? (
                <span className="rounded border px-1 text-xs text-accent">{t('files.main')}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {canEdit ? (
        <form onSubmit={submit} className="flex gap-2">
          <input
            className="field-input min-w-0 flex-1"
            aria-label={t('files.newName')}
            placeholder={t('files.newPlaceholder')}
            value={filename}
            maxLength={100}
            onChange={(event) => setFilename(event.target.value)}
          />
          <button type="submit" className="btn-outline" disabled={adding || !filename.trim()}>
            {t('files.add')}
          </button>
        </form>
      ) : null}
    </nav>
  );
}
