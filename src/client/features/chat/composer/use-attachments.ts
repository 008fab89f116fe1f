import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';
import { useLatest } from '#client/lib/use-latest.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import { deleteFile } from '#client/features/chat/api/delete-file.ts';
import { uploadFile } from '#client/features/chat/api/upload-file.ts';
import { classifyError } from '#client/lib/errors.ts';
import { HttpError } from '#client/lib/http.ts';
import { MAX_FILES_PER_MESSAGE } from '#shared/chat/chat-limits.ts';
import { accessTier } from '#shared/plans/tiers.ts';
import { checkAttachment, formatFileSize, limitFromMessage } from './attachment-check.ts';

/** A file in the input bar: being uploaded, or stored on the server and ready to send. */
export interface Attachment {
  key: string;
  name: string;
  size: number;
  /** The detected type once uploaded (image/png, application/pdf …). */
  type: string | null;
  fileId: number | null;
}

let nextKey = 0;

/**
 * The files of the message being written (spec 01-core §4 "Sending", §5): each is checked
 * before upload with the spec's toasts, uploaded at once (POST /api/files) and shown as a chip
 * until sent or removed. A refused or failed file never costs the text or the other files.
 */
export function useAttachments() {
  const { t, i18n } = useTranslation('composer');
  const { user } = useUser();
  const tier = user ? accessTier(user) : 'free';
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const countRef = useLatest(attachments.length);

  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const drop = useCallback((key: string) => {
    setAttachments((list) => list.filter((item) => item.key !== key));
  }, []);

  const tooLargeToast = useCallback(
    (name: string, size: number, maxMb: number) =>
      showToast({
        title: t('file.tooLarge', { max: maxMb }),
        description: t('file.size', { name, size: formatFileSize(size, i18n.language) }),
        variant: 'destructive',
      }),
    [t, i18n.language],
  );

  const upload = useCallback(
    async (file: File, key: string) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      try {
        const info = await uploadFile(file, controller.signal);
        if (info.status === 'failed') {
          // An unreadable PDF is stored but cannot be analysed (docs/decisions/021): not attached.
          drop(key);
          showToast({
            title: t('file.unreadable', { name: file.name }),
            description: info.processingError ?? undefined,
            variant: 'destructive',
          });
          deleteFile(info.id);
          return;
        }
        setAttachments((list) =>
          list.map((item) =>
            item.key === key
              ? { ...item, fileId: info.id, type: info.type, name: info.name }
              : item,
          ),
        );
      } catch (error) {
        drop(key);
        if (controller.signal.aborted) return;
        const status = error instanceof HttpError ? error.status : 0;
        if (status === 415) {
          showToast({ title: t('file.invalidType'), variant: 'destructive' });
        } else if (status === 413) {
          const message = error instanceof Error ? error.message : '';
          tooLargeToast(file.name, file.size, limitFromMessage(message, 10));
        } else {
          showToast({
            title: t('file.uploadFailed', { name: file.name }),
            description: classifyError(error).message || undefined,
            variant: 'destructive',
          });
        }
      } finally {
        uploads.current.delete(key);
      }
    },
    [drop, t, tooLargeToast],
  );

  const add = useCallback(
    async (files: Iterable<File>) => {
      for (const file of files) {
        if (countRef.current >= MAX_FILES_PER_MESSAGE) {
          showToast({
            title: t('file.tooMany', { max: MAX_FILES_PER_MESSAGE }),
            variant: 'destructive',
          });
          return;
        }
        const problem = await checkAttachment(file, tier);
        if (problem?.kind === 'type') {
          showToast({ title: t('file.invalidType'), variant: 'destructive' });
          continue;
        }
        if (problem?.kind === 'size') {
          tooLargeToast(file.name, file.size, problem.maxMb);
          continue;
        }
        nextKey += 1;
        const key = `file-${nextKey}`;
        countRef.current += 1;
        setAttachments((list) => [
          ...list,
          { key, name: file.name, size: file.size, type: null, fileId: null },
        ]);
        void upload(file, key);
      }
    },
    [t, tier, tooLargeToast, upload, countRef],
  );

  /** Removed before sending: the upload stops, or the stored file is deleted again. */
  const remove = useCallback(
    (key: string) => {
      const running = uploads.current.get(key);
      if (running) running.abort();
      const item = attachments.find((entry) => entry.key === key);
      if (item?.fileId) {
        deleteFile(item.fileId);
      }
      drop(key);
    },
    [attachments, drop],
  );

  /** After sending: the files now belong to the message. */
  const clear = useCallback(() => setAttachments([]), []);

  /** A refused message's stored files, back in the input bar unless others were added since. */
  const restore = useCallback(
    (items: Attachment[]) => setAttachments((list) => (list.length === 0 ? items : list)),
    [],
  );

  return {
    attachments,
    uploading: attachments.some((item) => item.fileId === null),
    add,
    remove,
    clear,
    restore,
  };
}
