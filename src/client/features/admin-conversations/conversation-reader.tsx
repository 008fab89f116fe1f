import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '#client/components/ui/modal-dialog.tsx';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { notifyError } from '#client/lib/notify.ts';
import type { AdminConversation } from '#shared/admin/admin-conversation-schemas.ts';
import { useOpenConversation } from './api/open-conversation.ts';

/**
 * Reading a user's conversation: first the reason (kept in the audit log with who and when),
 * then the messages. Nothing is fetched before the reason is given.
 */
export function ConversationReader({
  conversation,
  onClose,
}: {
  conversation: AdminConversation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminConversations');
  const opening = useOpenConversation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const language = currentLanguage();
  const opened = opening.data;

  function close() {
    opening.reset();
    setReason('');
    setMissing(false);
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!conversation) return;
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    opening.mutate(
      { conversationId: conversation.conversationId, reason: reason.trim() },
      { onError: (error) => notifyError(error) },
    );
  }

  const title = conversation?.title || t('untitled');
  return (
    <ModalDialog
      open={conversation !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('reader.title', { title })}
      closeLabel={t('reader.close')}
      testId="conversation-reader"
    >
      {conversation ? (
        <p className="text-sm text-muted">
          {t('reader.owner', { username: conversation.username, count: conversation.messageCount })}
        </p>
      ) : null}
      {opened ? (
        <>
          <ol className="flex flex-col gap-2" aria-label={t('reader.messages')}>
            {opened.messages.map((message) => (
              <li
                key={message.id}
                className={`rounded-lg border border-line p-3 ${message.isUserMessage ? 'bg-surface-2' : ''}`}
              >
                <p className="text-xs text-muted">
                  {message.isUserMessage ? t('reader.user') : t('reader.assistant')}
                  {message.model ? ` (${message.model})` : ''} ·{' '}
                  {formatDate(message.timestamp, language)} {formatTime(message.timestamp)}
                </p>
                <p className="whitespace-pre-wrap break-words">{message.content}</p>
              </li>
            ))}
          </ol>
          {opened.messages.length === 0 ? <p className="text-muted">{t('reader.empty')}</p> : null}
          {opened.truncated ? <p className="text-muted">{t('reader.truncated')}</p> : null}
        </>
      ) : (
        <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
          <p>{t('reader.explain')}</p>
          <label htmlFor="open-reason" className="text-sm font-medium">
            {t('reader.reason')}
          </label>
          <textarea
            id="open-reason"
            className="field-input"
            rows={3}
            data-autofocus
            value={reason}
            aria-invalid={missing}
            aria-describedby={missing ? 'open-reason-error' : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
          {missing ? (
            <p id="open-reason-error" role="alert" className="text-sm text-danger">
              {t('reader.reasonRequired')}
            </p>
          ) : null}
          <button type="submit" className="btn-primary self-start" disabled={opening.isPending}>
            {t('reader.open')}
          </button>
        </form>
      )}
    </ModalDialog>
  );
}
