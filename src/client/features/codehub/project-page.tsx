import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { HttpError } from '#client/lib/http.ts';
import { findLanguage, languageOfFile } from '#shared/codehub/languages.ts';
import {
  useDeleteProject,
  useFileMutations,
  useFiles,
  useProject,
  useUpdateProject,
} from './api/codehub-api.ts';
import { CodeEditor } from './editor/code-editor.tsx';
import { errorText } from './error-text.ts';
import { FileList } from './file-list.tsx';
import { FileToolbar } from './file-toolbar.tsx';
import { OutputPanel } from './runner/output-panel.tsx';
import { SaveConflict } from './save-conflict.tsx';
import { useSaveShortcut } from './use-save-shortcut.ts';
import { StartLiveButton } from './start-live-button.tsx';
import { useFileDrafts } from './use-file-drafts.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';

/** /codehub/projects/:projectId: the files of a project in the editor; only the owner changes them. */
export default function ProjectPage() {
  const { t } = useTranslation('codehub');
  const projectId = useParams().projectId!;
  const navigate = useNavigate();
  const project = useProject(projectId);
  const files = useFiles(projectId);
  const fileActions = useFileMutations(projectId);
  const updateProject = useUpdateProject(projectId);
  const deleteProject = useDeleteProject(projectId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const drafts = useFileDrafts(projectId, fileActions.update, setFailure);

  const list = files.data ?? [];
  const active = list.find((file) => file.id === chosenId) ?? list.find((f) => f.isMain) ?? list[0];
  const canEdit = project.data?.isOwner ?? false;
  const dirtyIds = new Set(
    list.filter((file) => drafts.textOf(file) !== file.content).map((f) => f.id),
  );
  const dirty = active !== undefined && dirtyIds.has(active.id);
  const conflict = active ? drafts.conflictOf(active.id) : undefined;
  useUnsavedGuard(dirtyIds.size > 0);
  /** The page's own ways out ask first when they would drop unsaved edits. */
  const mayLeave = () => dirtyIds.size === 0 || window.confirm(t('editor.leaveConfirm'));
  const onError = { onError: setFailure, onSuccess: () => setFailure(null) };
  const mainFile = list.find((file) => file.isMain) ?? list[0];
  /** What runs is what the editor shows, unsaved edits included. */
  const runFiles = list.map((file) => ({
    filename: file.filename,
    content: drafts.textOf(file),
  }));

  const save = () => {
    if (active && canEdit) drafts.save(active);
  };
  useSaveShortcut(save);

  if (project.isError || files.isError) {
    const missing = project.error instanceof HttpError && project.error.status === 404;
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
        <p role="alert" className="text-danger">
          {missing ? t('errors.notFound') : t('errors.failed')}
        </p>
        <Link to="/codehub" className="text-accent hover:underline">
          {t('project.back')}
        </Link>
      </div>
    );
  }
  if (!project.data || !files.data) return <p className="p-8 text-muted">{t('lists.loading')}</p>;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 md:px-8">
      <Link
        to="/codehub"
        className="inline-flex items-center gap-2 self-start text-accent hover:underline"
        onClick={(event) => {
          if (!mayLeave()) event.preventDefault();
        }}
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {t('project.back')}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{project.data.name}</h1>
        <span className="text-muted">{findLanguage(project.data.language)?.label}</span>
        <span className="rounded border px-1.5 text-xs text-muted">
          {t(project.data.isPublic ? 'visibility.public' : 'visibility.private')}
        </span>
        {canEdit ? (
          <StartLiveButton projectId={projectId} unsaved={dirtyIds.size > 0} onError={setFailure} />
        ) : null}
        {canEdit ? (
          <span className="ml-auto flex gap-2">
            <button
              type="button"
              className="btn-outline"
              onClick={() => updateProject.mutate({ isPublic: !project.data.isPublic }, onError)}
            >
              {t(project.data.isPublic ? 'project.makePrivate' : 'project.makePublic')}
            </button>
            <button
              type="button"
              className="btn-ghost text-danger"
              onClick={() => {
                if (!window.confirm(t('project.deleteConfirm'))) return;
                deleteProject.mutate(undefined, {
                  onSuccess: () => void navigate('/codehub'),
                  onError: setFailure,
                });
              }}
            >
              {t('project.delete')}
            </button>
          </span>
        ) : (
          <span className="ml-auto text-sm text-muted">
            {t('project.readOnly', { name: project.data.owner.name })}
          </span>
        )}
      </header>
      {project.data.description ? <p className="text-muted">{project.data.description}</p> : null}
      {failure ? (
        <p role="alert" className="text-danger">
          {errorText(t, failure)}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <FileList
          files={list}
          activeId={active?.id ?? null}
          dirtyIds={dirtyIds}
          canEdit={canEdit}
          adding={fileActions.create.isPending}
          onOpen={setChosenId}
          onAdd={(filename) =>
            fileActions.create.mutate(
              { filename },
              {
                ...onError,
                onSuccess: (file) => {
                  setFailure(null);
                  setChosenId(file.id);
                },
              },
            )
          }
        />
        {active ? (
          <section aria-label={active.filename} className="flex min-w-0 flex-col gap-2">
            {canEdit ? (
              <FileToolbar
                key={`toolbar-${active.id}`}
                file={active}
                dirty={dirty}
                busy={fileActions.update.isPending}
                onSave={save}
                onRename={(filename) =>
                  fileActions.update.mutate({ fileId: active.id, input: { filename } }, onError)
                }
                onMakeMain={() =>
                  fileActions.update.mutate({ fileId: active.id, input: { isMain: true } }, onError)
                }
                onDelete={() => {
                  // The server deletes the file for good.
                  if (window.confirm(t('files.deleteConfirm', { filename: active.filename }))) {
                    fileActions.remove.mutate(active.id, onError);
                  }
                }}
              />
            ) : null}
            {conflict ? (
              <SaveConflict
                busy={fileActions.update.isPending}
                onOverwrite={() => drafts.overwrite(active.id)}
                onDiscard={() => drafts.discard(active.id)}
              />
            ) : null}
            <CodeEditor
              key={`editor-${active.id}`}
              doc={drafts.textOf(active)}
              language={active.language}
              readOnly={!canEdit}
              label={t('editor.label', { filename: active.filename })}
              onChange={(doc) => drafts.edit(active, doc)}
            />
            {mainFile ? (
              <OutputPanel
                files={runFiles}
                mainFile={mainFile.filename}
                language={languageOfFile(mainFile.filename)}
              />
            ) : null}
          </section>
        ) : (
          <p className="text-muted">{t('files.none')}</p>
        )}
      </div>
    </div>
  );
}
