import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '#client/lib/api/get-user.ts';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { OmnichannelMessage, Thread } from '#shared/omnichannel/inbox-schemas.ts';
import { fillTemplate, type ResponseTemplate } from '#shared/omnichannel/template-schemas.ts';
import { useAssignees } from './api/assignees.ts';
import { useInboxAction, useTemplates, useThread } from './api/inbox.ts';
import { AssigneeSelect, assigneeLabel } from './assignee-select.tsx';

/** A copilot draft: its reasons, its text to edit, approve or reject. */
function DraftReview({ draft, inboundId }: { draft: OmnichannelMessage; inboundId: number }) {
  const { t } = useTranslation('omnichannel');
  const [content, setContent] = useState(draft.content);
  const action = useInboxAction(inboundId);
  return (
    <section
      className="grid gap-2 rounded border border-warning p-3"
      aria-label={t('thread.draft')}
    >
      <p className="font-semibold">{t('thread.draft')}</p>
      {draft.reasons.length > 0 ? (
        <div className="text-sm">
          <p>{t('thread.reasons')}</p>
          <ul className="list-disc pl-5">
            {draft.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <label className="flex flex-col gap-1 text-sm">
        {t('thread.draftText')}
        <textarea
          className="field-input"
          rows={4}
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
      </label>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={action.isPending || !content.trim()}
          onClick={() =>
            action.mutate({
              kind: 'approve',
              ...(content === draft.content ? {} : { content }),
            })
          }
        >
          {t('thread.approve')}
        </button>
        <button
          type="button"
          className="btn-outline"
          disabled={action.isPending}
          onClick={() => action.mutate({ kind: 'reject' })}
        >
          {t('thread.reject')}
        </button>
      </div>
    </section>
  );
}

/** Templates that fit the thread's channel, in the reply box's language order. */
function fitting(templates: ResponseTemplate[], thread: Thread) {
  return templates.filter(
    (template) =>
      template.isActive &&
      (template.channelType === null || template.channelType === thread.channelType),
  );
}

/** The reply box: free text, or a template with its variables filled and its quick replies. */
function ReplyBox({ thread, inbound }: { thread: Thread; inbound: OmnichannelMessage }) {
  const { t } = useTranslation('omnichannel');
  const templates = fitting(useTemplates(thread.brandId).data ?? [], thread);
  const [content, setContent] = useState('');
  const [templateId, setTemplateId] = useState('');
  const template = templates.find((item) => item.templateId === templateId);
  const action = useInboxAction(inbound.id);

  function chooseTemplate(id: string) {
    setTemplateId(id);
    const chosen = templates.find((item) => item.templateId === id);
    if (chosen) {
      setContent(
        fillTemplate(chosen.content, {
          customer_name: thread.senderName ?? thread.senderIdentifier,
        }),
      );
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    action.mutate(
      { kind: 'reply', content, ...(template ? { templateId: template.templateId } : {}) },
      {
        onSuccess: () => {
          setContent('');
          setTemplateId('');
        },
      },
    );
  }

  return (
    <form className="grid gap-2" aria-label={t('thread.replyBox')} onSubmit={submit}>
      {templates.length > 0 ? (
        <label className="flex flex-col gap-1 text-sm">
          {t('thread.template')}
          <select
            className="field-input"
            value={templateId}
            onChange={(event) => chooseTemplate(event.target.value)}
          >
            <option value="">{t('thread.noTemplate')}</option>
            {templates.map((item) => (
              <option key={item.templateId} value={item.templateId}>
                {item.name} ({item.language})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {template && template.quickReplies.length > 0 ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('thread.quickReplies')}>
          {template.quickReplies.map((quick) => (
            <button
              key={quick}
              type="button"
              className="btn-outline text-sm"
              onClick={() => setContent((current) => (current ? `${current}\n${quick}` : quick))}
            >
              {quick}
            </button>
          ))}
        </div>
      ) : null}
      <label className="flex flex-col gap-1 text-sm">
        {t('thread.reply')}
        <textarea
          className="field-input"
          rows={4}
          required
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
      </label>
      <button
        type="submit"
        className="btn-primary justify-self-start"
        disabled={action.isPending || !content.trim()}
      >
        {t('thread.send')}
      </button>
    </form>
  );
}

function MessageBubble({ message }: { message: OmnichannelMessage }) {
  const { t } = useTranslation('omnichannel');
  const language = currentLanguage();
  const inbound = message.direction === 'inbound';
  return (
    <li
      className={`max-w-[80%] rounded border border-border p-2 ${inbound ? 'self-start' : 'self-end bg-muted/20'}`}
    >
      <p className="whitespace-pre-wrap">{message.content}</p>
      <p className="text-xs text-muted">
        {formatDate(message.createdAt, language)} {formatTime(message.createdAt)} ·{' '}
        {t(`statuses.${message.status}`)}
        {message.processMode ? ` · ${t(`modes.${message.processMode}`)}` : ''}
      </p>
      {message.deliveryError ? (
        <p className="text-xs text-danger">{message.deliveryError}</p>
      ) : null}
    </li>
  );
}

/** One thread: the conversation, its draft to review, assignment, resolution and the reply box. */
export function ThreadView({ threadKey }: { brandId: string; threadKey: string }) {
  const { t } = useTranslation('omnichannel');
  const thread = useThread(threadKey);
  const { user } = useUser();
  const assignees = useAssignees();
  const data = thread.data;
  const inbound = data?.messages.findLast((m) => m.direction === 'inbound');
  const action = useInboxAction(inbound?.id ?? 0);
  if (thread.isError) {
    return (
      <p role="alert" className="text-danger">
        {t('inbox.loadFailed')}
      </p>
    );
  }
  if (!data || !inbound) return null;
  const draft = data.messages.findLast(
    (m) => m.status === 'draft' && m.parentMessageId === inbound.messageId,
  );
  const sent = data.messages.filter((m) => m.status !== 'draft');
  const assigned = assigneeLabel(t, inbound.assignedTo, user?.id, assignees.data);

  return (
    <article className="flex flex-col gap-3" aria-label={t('thread.title')}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="font-semibold">{data.senderName ?? data.senderIdentifier}</h3>
          <p className="text-sm text-muted">
            {t(`types.${data.channelType}`)} · {data.senderIdentifier} ·{' '}
            {t(`statuses.${inbound.status}`)} · {assigned}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <AssigneeSelect inbound={inbound} />
          {inbound.assignedTo === user?.id ? (
            <button
              type="button"
              className="btn-outline"
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'assign', userId: null })}
            >
              {t('thread.unassign')}
            </button>
          ) : (
            <button
              type="button"
              className="btn-outline"
              disabled={action.isPending || !user}
              onClick={() => user && action.mutate({ kind: 'assign', userId: user.id })}
            >
              {t('thread.assignToMe')}
            </button>
          )}
          <button
            type="button"
            className="btn-outline"
            disabled={action.isPending || inbound.status === 'resolved'}
            onClick={() => action.mutate({ kind: 'resolve' })}
          >
            {t('thread.resolve')}
          </button>
        </div>
      </header>
      <ol className="flex flex-col gap-2" aria-label={t('thread.messages')}>
        {sent.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </ol>
      {draft ? <DraftReview key={draft.id} draft={draft} inboundId={inbound.id} /> : null}
      <ReplyBox thread={data} inbound={inbound} />
    </article>
  );
}
