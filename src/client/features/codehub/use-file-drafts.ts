import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
  /** Per file: the newer version a save was refused for, until the user chooses. */
  const [conflicts, setConflicts] = useState<Record<string, CodeFile>>({});
  const settle = (fileId: string) => setConflicts(({ [fileId]: _settled, ...rest }) => rest);

  const send = (fileId: string, text: string, baseUpdatedAt: string) =>
    update.mutate(
      { fileId, input: { content: text, baseUpdatedAt } },
      {
        onSuccess: (saved) => {
          setFailure(null);
          settle(fileId);
          // Text typed while the save was under way stays a draft, now on the saved version.
          setDrafts(({ [fileId]: draft, ...rest }) =>
            !draft || draft.text === saved.content
              ? rest
              : {
                  ...rest,
                  [fileId]: {
                    ...draft,
                    baseUpdatedAt: saved.updatedAt,
                    baseContent: saved.content,
                  },
                },
          );
        },
        onError: (error) => {
          const current = newerVersionOf(error);
          if (!current) return setFailure(error);
          setFailure(null);
          setConflicts((old) => ({ ...old, [fileId]: current }));
          // The list holds the newer version; the editor goes on showing the draft.
          queryClient.setQueryData(filesKey, (files) =>
            files?.map((file) => (file.id === fileId ? current : file)),
          );
        },
      },
    );

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
