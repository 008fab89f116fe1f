import { Save, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeFile } from '#shared/codehub/codehub-schemas.ts';

interface FileToolbarProps {
  file: CodeFile;
  dirty: boolean;
  busy: boolean;
  onSave: () => void;
  onRename: (filename: string) => void;
  onMakeMain: () => void;
  onDelete: () => void;
}

/** The open file's actions (owner only): save, rename, make main, delete. */
export function FileToolbar({
  file,
  dirty,
  busy,
  onSave,
  onRename,
  onMakeMain,
  onDelete,
}: FileToolbarProps) {
  const { t } = useTranslation('codehub');
  const [renaming, setRenaming] = useState(false);
  const [filename, setFilename] = useState(file.filename);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRename(filename.trim());
    setRenaming(false);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {renaming ? (
        <form onSubmit={submit} className="flex items-center gap-2">
          <input
            className="field-input"
            aria-label={t('files.renameLabel')}
            value={filename}
            maxLength={100}
            autoFocus
            onChange={(event) => setFilename(event.target.value)}
          />
          <button type="submit" className="btn-outline" disabled={!filename.trim()}>
            {t('files.renameConfirm')}
          </button>
          <button type="button" className="btn-ghost" onClick={() => setRenaming(false)}>
            {t('files.cancel')}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="btn-ghost"
          onClick={() => {
            setFilename(file.filename);
            setRenaming(true);
          }}
        >
          {t('files.rename')}
        </button>
      )}
      {file.isMain ? null : (
        <button
          type="button"
          className="btn-ghost inline-flex items-center gap-1"
          onClick={onMakeMain}
        >
          {t('files.makeMain')}
        </button>
      )}
      <button type="button" className="btn-ghost inline-flex items-center gap-1" onClick={onDelete}>
        <Trash2 size={14} aria-hidden="true" />
        {t('files.delete')}
      </button>
      <span className="ml-auto text-sm text-muted" role="status">
        {dirty ? t('editor.unsaved') : t('editor.saved')}
      </span>
      <button
        type="button"
        className="btn-primary inline-flex items-center gap-1"
        disabled={busy || !dirty}
        onClick={onSave}
      >
        <Save size={14} aria-hidden="true" />
        {t('editor.save')}
      </button>
    </div>
  );
}
