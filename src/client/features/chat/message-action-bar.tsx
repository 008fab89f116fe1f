import { Check, Copy, Pencil, RefreshCw, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';
import { notifyError } from '#client/lib/notify.ts';
import type { Message } from '#shared/chat/chat-schemas.ts';
import { saveFeedback } from './api/save-feedback.ts';
import { useCopy } from './copy-text.ts';
import type { MessageActions } from './message-actions.ts';
import type { ChatItem } from './chat-items.ts';

function ActionButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-7 items-center justify-center rounded-md hover:bg-black/10 disabled:opacity-40 aria-pressed:text-accent dark:hover:bg-white/10"
    >
      {children}
    </button>
  );
}

/** Feedback (spec 01-core §4): positive or negative, clicking the chosen one again clears it. */
function FeedbackButtons({ item, actions }: { item: ChatItem; actions: MessageActions }) {
  const { t } = useTranslation('messages');
  const [saving, setSaving] = useState(false);

  const rate = async (value: 'positive' | 'negative') => {
    if (item.id === null) return;
    const next: Message['feedback'] = item.feedback === value ? null : value;
    setSaving(true);
    try {
      await saveFeedback(item.id, next);
      actions.setFeedback(item.key, next);
      showToast({ title: t(next ? `feedback.${next}` : 'feedback.removed') });
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <ActionButton
        label={t('actions.positive')}
        pressed={item.feedback === 'positive'}
        disabled={saving}
        onClick={() => void rate('positive')}
      >
        <ThumbsUp aria-hidden className="size-4" />
      </ActionButton>
      <ActionButton
        label={t('actions.negative')}
        pressed={item.feedback === 'negative'}
        disabled={saving}
        onClick={() => void rate('negative')}
      >
        <ThumbsDown aria-hidden className="size-4" />
      </ActionButton>
    </>
  );
}

/**
 * Copy on every message; edit on the user's own, regenerate and feedback on replies. Edit and
 * regenerate need the stored id and wait while a reply is being generated.
 */
export function MessageActionBar({
  item,
  actions,
  onEdit,
}: {
  item: ChatItem;
  actions: MessageActions | null;
  onEdit: () => void;
}) {
  const { t } = useTranslation('messages');
  const { copied, copy } = useCopy();
  const stored = item.id !== null;
  return (
    <div role="group" aria-label={t('actions.label')} className="flex items-center gap-0.5">
      <ActionButton
        label={copied ? t('actions.copied') : t('actions.copy')}
        onClick={() => void copy(item.content)}
      >
        {copied ? (
          <Check aria-hidden className="size-4" />
        ) : (
          <Copy aria-hidden className="size-4" />
        )}
      </ActionButton>
      {actions && item.isUserMessage ? (
        <ActionButton label={t('actions.edit')} disabled={!stored || actions.busy} onClick={onEdit}>
          <Pencil aria-hidden className="size-4" />
        </ActionButton>
      ) : null}
      {actions && !item.isUserMessage ? (
        <>
          <ActionButton
            label={t('actions.regenerate')}
            disabled={!stored || actions.busy}
            onClick={() => actions.regenerate(item)}
          >
            <RefreshCw aria-hidden className="size-4" />
          </ActionButton>
          {stored ? <FeedbackButtons item={item} actions={actions} /> : null}
        </>
      ) : null}
    </div>
  );
}
