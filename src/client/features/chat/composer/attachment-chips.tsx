import { FileText, ImageIcon, Loader2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isImageType } from '#shared/files/file-types.ts';
import { formatFileSize } from './attachment-check.ts';
import type { Attachment } from './use-attachments.ts';

/** The files attached to the message being written, each removable until it is sent. */
export function AttachmentChips({
  attachments,
  disabled,
  onRemove,
}: {
  attachments: Attachment[];
  disabled: boolean;
  onRemove: (key: string) => void;
}) {
  const { t, i18n } = useTranslation('composer');
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={t('file.listLabel')} className="flex flex-wrap gap-2 px-1 pb-2">
      {attachments.map((item) => {
        const uploading = item.fileId === null;
        const Icon = uploading
          ? Loader2
          : item.type && isImageType(item.type)
            ? ImageIcon
            : FileText;
        return (
          <li
            key={item.key}
            aria-busy={uploading}
            className="flex max-w-full items-center gap-2 rounded-xl border border-line bg-surface px-2 py-1 text-sm"
          >
            <Icon aria-hidden className={`size-4 shrink-0 ${uploading ? 'animate-spin' : ''}`} />
            <span className="truncate" title={item.name}>
              {item.name}
            </span>
            <span className="shrink-0 text-muted">
              {uploading ? t('file.uploading') : formatFileSize(item.size, i18n.language)}
            </span>
            <button
              type="button"
              className="btn-ghost min-h-8 min-w-8 shrink-0 p-1"
              disabled={disabled}
              aria-label={t('file.remove', { name: item.name })}
              onClick={() => onRemove(item.key)}
            >
              <X aria-hidden className="size-4" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
