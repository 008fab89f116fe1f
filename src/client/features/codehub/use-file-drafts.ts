import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CodeFile } from '#shared/codehub/codehub-schemas.ts';
import { filesQueryOptions, type useFileMutations } from './api/codehub-api.ts';
import { newerVersionOf } from './error-text.ts';

/** The user's unsaved text of a file and the version of the file it was typed on. */
interface Draft {
  text: string;
  baseUpdatedAt: string;
  baseContent: string;
}

type UpdateFile = ReturnType<typeof useFileMutations>['update'];

/**
 * The project page's unsaved edits (decision 328). Every save names the version its text was typed
 * on; a save the server refuses as made on an older version keeps the text and waits for the
 * user's choice: overwrite the newer version, or drop the draft and take it.
 */
export function useFileDrafts(
  projectId: string,
  update: UpdateFile,
  setFailure: (error: unknown) => void,
) {
  const queryClient = useQueryClient();
  const filesKey = filesQueryOptions(projectId).queryKey;
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  /** The drafts as last rendered, for a save that finishes after more typing. */
  const latest = useRef(drafts);
  latest.current = drafts;
  /**
   * One save of a file at a time: a second one sent meanwhile would name the version before the
   * first and be refused as if another tab had changed the file. It waits, and goes out on the
   * version the first one saved.
   */
  const saving = useRef(new Set<string>());
  const waiting = useRef(new Set<string>());
  /** Per file: the newer version a save was refused for, until the user chooses. */
  const [conflicts, setConflicts] = useState<Record<string, CodeFile>>({});
  const settle = (fileId: string) => setConflicts(({ [fileId]: _settled, ...rest }) => rest);

  const saved = (fileId: string, file: CodeFile) => {
    setFailure(null);
    settle(fileId);
    // Text typed while the save was under way stays a draft, now on the saved version.
    setDrafts(({ [fileId]: draft, ...rest }) =>
      !draft || draft.text === file.content
        ? rest
        : {
            ...rest,
            [fileId]: { ...draft, baseUpdatedAt: file.updatedAt, baseContent: file.content },
          },
    );
    const draft = latest.current[fileId];
    if (waiting.current.delete(fileId) && draft && draft.text !== file.content) {
      send(fileId, draft.text, file.updatedAt);
    }
  };

  const refused = (fileId: string, error: unknown) => {
    waiting.current.delete(fileId);
    const current = newerVersionOf(error);
    if (!current) return setFailure(error);
    setFailure(null);
    setConflicts((old) => ({ ...old, [fileId]: current }));
    // The list holds the newer version; the editor goes on showing the draft.
    queryClient.setQueryData(filesKey, (files) =>
      files?.map((file) => (file.id === fileId ? current : file)),
    );
  };

  // Each save settles through its own promise: a later mutation (a rename) detaches the shared
  // observer's callbacks from an earlier one still under way.
  function send(fileId: string, text: string, baseUpdatedAt: string) {
    saving.current.add(fileId);
    update.mutateAsync({ fileId, input: { content: text, baseUpdatedAt } }).then(
      (file) => {
        saving.current.delete(fileId);
        saved(fileId, file);
      },
      (error: unknown) => {
        saving.current.delete(fileId);
        refused(fileId, error);
      },
    );
  }

  return {
    textOf: (file: CodeFile) => drafts[file.id]?.text ?? file.content,
    /** The user's typing; the first keystroke fixes the version the draft is typed on. */
    edit: (file: CodeFile, text: string) =>
      setDrafts((old) => ({
        ...old,
        [file.id]: {
          baseUpdatedAt: file.updatedAt,
          baseContent: file.content,
          ...old[file.id],
          text,
        },
      })),
    save: (file: CodeFile) => {
      if (saving.current.has(file.id)) return void waiting.current.add(file.id);
      const draft = drafts[file.id];
      if (!draft || draft.text === file.content) return;
      // A newer version with the same text (renamed, made main) loses nothing: save on it.
      const base = file.content === draft.baseContent ? file.updatedAt : draft.baseUpdatedAt;
      send(file.id, draft.text, base);
    },
    conflictOf: (fileId: string): CodeFile | undefined => conflicts[fileId],
    /** Saves the draft over the newer version the server answered with. */
    overwrite: (fileId: string) => {
      const current = conflicts[fileId];
      const draft = drafts[fileId];
      if (current && draft) send(fileId, draft.text, current.updatedAt);
    },
    /** Drops the draft: the editor shows the newer version (already in the list), loaded again. */
    discard: (fileId: string) => {
      setDrafts(({ [fileId]: _dropped, ...rest }) => rest);
      settle(fileId);
      setFailure(null);
      void queryClient.invalidateQueries({ queryKey: filesKey });
    },
  };
}
