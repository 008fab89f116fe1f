import { RotateCcw } from 'lucide-react';
import { lazy, memo, Suspense, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '#client/lib/format-date.ts';
import { useMessageActions } from './message-actions.ts';
import { MessageActionBar } from './message-action-bar.tsx';
import { MessageEditForm } from './message-edit-form.tsx';
import { useMessageEditing } from './message-editing.tsx';
import type { ChatItem } from './chat-items.ts';

// The Markdown renderer is its own chunk: the first page load stays within the bundle budget.
const MarkdownContent = lazy(() => import('./markdown-content.tsx'));

function PlainText({ text }: { text: string }) {
  return <p className="whitespace-pre-wrap break-words">{text}</p>;
}

/**
 * Parsed again only when the text changes: the bubble re-renders when a turn starts or ends (busy)
 * or a rating changes, and re-parsing every visible reply then would stall the page.
 */
const AssistantText = memo(function AssistantText({ text }: { text: string }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <MarkdownContent text={text} />
    </Suspense>
  );
});

/** Spec 01-core §8 "Chat errors": the red block, with a retry of the failed turn. */
function ErrorBubble({ item }: { item: ChatItem }) {
  const { t } = useTranslation(['chat', 'messages']);
  const actions = useMessageActions();
  return (
    <div className="flex max-w-[85%] flex-col items-start gap-1 self-start">
      <div
        role="alert"
        className="rounded-2xl border border-danger bg-[var(--danger-bg)]/20 px-4 py-3 text-danger"
      >
        {t('chat:errorBubble')}
      </div>
      {actions && item.retry ? (
        <button
          type="button"
          className="btn-ghost text-sm"
          disabled={actions.busy}
          onClick={() => actions.regenerate(item)}
        >
          <RotateCcw aria-hidden className="size-4" />
          {t('messages:actions.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** The message a search hit opened the conversation at. */
export interface MessageTarget {
  /** Outlined: just shown (not by colour alone: the outline is a shape around the bubble). */
  highlighted: boolean;
  /** Gets the bubble, focusable (tabindex -1) so the focus can be moved to it. */
  ref: Ref<HTMLElement>;
}

/** An outline around the bubble that fades out when the highlight ends. */
const targetOutline = (highlighted: boolean) =>
  `outline-3 outline-offset-4 transition-[outline-color] duration-1000 ${
    highlighted ? 'outline-accent' : 'outline-transparent'
  }`;

/**
 * One message of the conversation (spec 01-core §4 "Message bubble"): normal or editing, with
 * its time (HH:mm) and actions below. Handlers come from MessageActionsContext. `target`: the
 * message a search hit points at (aria-current, focusable, outlined while highlighted).
 */
export function MessageBubble({
  item,
  target,
}: {
  item: ChatItem;
  target?: MessageTarget | undefined;
}) {
  const { t } = useTranslation('chat');
  const actions = useMessageActions();
  const shared = useMessageEditing();
  // Without the chat screen's provider (a bubble on its own) the editing state is local.
  const [localEditing, setLocalEditing] = useState(false);
  if (item.kind === 'error') return <ErrorBubble item={item} />;
  const mine = item.isUserMessage;
  const editing = shared ? shared.editingKey === item.key : localEditing;
  const setEditing = (on: boolean) => {
    if (!shared) setLocalEditing(on);
    else if (on) shared.startEditing(item.key);
    else shared.stopEditing();
  };
  const isEditing = editing && actions !== null;
  return (
    <div
      className={`group flex max-w-[85%] flex-col gap-1 ${
        mine ? 'items-end self-end' : 'items-start self-start'
      } ${isEditing ? 'w-full' : ''}`}
    >
      <article
        ref={target?.ref}
        tabIndex={target ? -1 : undefined}
        aria-current={target ? 'true' : undefined}
        className={`flex max-w-full flex-col gap-1 rounded-2xl px-4 py-3 ${
          mine ? 'bg-accent-strong text-white' : 'border border-line bg-surface text-fg'
        } ${isEditing ? 'w-full' : ''} ${target ? targetOutline(target.highlighted) : ''}`}
        aria-label={mine ? t('message.you') : t('message.assistant')}
      >
        {isEditing ? (
          <MessageEditForm
            original={item.content}
            draft={shared?.draftOf(item.key)}
            onDraft={(text) => shared?.setDraft(item.key, text)}
            busy={actions.busy}
            onCancel={() => setEditing(false)}
            onSave={(text) => {
              setEditing(false);
              actions.edit(item, text);
            }}
          />
        ) : mine ? (
          <PlainText text={item.content} />
        ) : (
          <AssistantText text={item.content} />
        )}
        <footer className={`text-xs ${mine ? 'text-white/80' : 'text-muted'}`}>
          <time dateTime={item.timestamp}>{formatTime(item.timestamp)}</time>
          {item.kind === 'stopped' ? ` · ${t('message.stopped')}` : null}
        </footer>
      </article>
      {isEditing ? null : (
        <div className="text-muted transition-opacity [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-focus-within:opacity-100 [@media(hover:hover)]:group-hover:opacity-100">
          <MessageActionBar item={item} actions={actions} onEdit={() => setEditing(true)} />
        </div>
      )}
    </div>
  );
}

/** The reply while its tokens arrive: plain text, so each frame renders cheaply. */
export function StreamingBubble({ text }: { text: string }) {
  const { t } = useTranslation('chat');
  return (
    <article
      data-streaming
      aria-label={t('message.assistant')}
      aria-busy
      className="max-w-[85%] self-start rounded-2xl border border-line bg-surface px-4 py-3 text-fg"
    >
      <PlainText text={text} />
    </article>
  );
}
