import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { showToast } from '#client/components/ui/toast-store.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import { LoginRequired } from '#client/components/login-required.tsx';
import { notifyError } from '#client/lib/notify.ts';
import { ChatInput } from './chat-input.tsx';
import { useComposerChoices } from './composer/use-composer-choices.ts';
import type { ChatExportFormat } from './api/download-export.ts';
import { ChatToolbar } from './chat-toolbar.tsx';
import { filterMessages } from './filter-messages.ts';
import type { MessageActions } from './message-actions.ts';
import { MessageActionsProvider } from './message-editing.tsx';
import { MessageList, preloadMessageList } from './message-list.tsx';
import { useChat } from './use-chat.ts';
import { parseMessageTarget, useMessageTarget } from './use-message-target.ts';

// Opened on request: kept out of the screen's first load (bundle budget, issue #4).
const ChatSearch = lazy(() => import('./chat-search.tsx'));
// Shown only once the usage limit is reached.
const LimitPanel = lazy(() => import('./limit-panel.tsx'));

function ChatScreen({ userId }: { userId: number }) {
  // The bubbles' namespace loads with the screen's, so the list does not wait for it later.
  const { t } = useTranslation(['chat', 'messages']);
  const { id } = useParams();
  const navigate = useNavigate();
  const choices = useComposerChoices(id);
  // A search hit's message (?message=<id>): the conversation opens there, reload and back included.
  const [params, setParams] = useSearchParams();
  const messageId = parseMessageTarget(params.get('message'));
  const chat = useChat(id, choices.extras, messageId);
  const busy = chat.status !== 'idle';
  const target = useMessageTarget(id, messageId, { ...chat, busy });
  /** The hit has served once the user searches here or writes: the list opens at the end again. */
  const atHit = params.has('message');
  const leaveTarget = useCallback(() => {
    if (!atHit) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('message');
        return next;
      },
      { replace: true },
    );
  }, [atHit, setParams]);
  const { edit, regenerate, setFeedback } = chat;
  // Like a message sent, an edit or a regenerate ends the stay at a search hit: the list follows
  // the reply at the conversation's new end.
  const messageActions = useMemo<MessageActions>(
    () => ({
      busy,
      edit: (item, text) => {
        leaveTarget();
        void edit(item, text);
      },
      regenerate: (item) => {
        leaveTarget();
        void regenerate(item);
      },
      setFeedback,
    }),
    [busy, edit, regenerate, setFeedback, leaveTarget],
  );

  /** The search overlay's query; null while it is closed. */
  const [search, setSearch] = useState<string | null>(null);
  const [loadingAll, setLoadingAll] = useState(false);
  const { loadAll, items } = chat;
  const filtered = useMemo(
    () => (search?.trim() ? filterMessages(items, search) : null),
    [items, search],
  );

  // A conversation shows its list at once (it loads as it renders); a new chat's empty state
  // fetches it when the user starts writing, not with the first load (decision 220).
  // Another conversation: the overlay closes (its query belonged to the one before).
  const [searchedIn, setSearchedIn] = useState(id);
  if (searchedIn !== id) {
    setSearchedIn(id);
    setSearch(null);
  }

  const searchButton = useRef<HTMLButtonElement>(null);
  /** Escape or the overlay's close button: the focus goes back where the search was opened. */
  const closeSearch = () => {
    setSearch(null);
    searchButton.current?.focus();
  };

  const toggleSearch = () => {
    if (search !== null) return setSearch(null);
    leaveTarget();
    setSearch('');
    // The filter covers the whole conversation, not only the pages scrolled through so far.
    setLoadingAll(true);
    void loadAll().finally(() => setLoadingAll(false));
  };

  const newChat = () => {
    chat.reset();
    void navigate('/chat');
    showToast({ title: t('toast.newChat') });
  };

  const stop = async () => {
    if (await chat.stop()) showToast({ title: t('toast.stopped') });
  };

  const exportAs = async (format: ChatExportFormat) => {
    const hasMessages = chat.items.some((item) => item.kind !== 'error');
    if (!id || !hasMessages) {
      showToast({
        title: t('export.emptyTitle'),
        description: t('export.emptyText'),
        variant: 'destructive',
      });
      return;
    }
    try {
      const { downloadExport } = await import('./api/download-export.ts');
      await downloadExport(id, format);
    } catch (error) {
      // Spec 01-core §8: 'Export fehlgeschlagen', for PDF 'Failed to create PDF'.
      notifyError(error, t(format === 'pdf' ? 'export.pdfFailed' : 'export.failed'));
    }
  };

  return (
    // Fills the (positioned, non-scrolling) main area: only the message list scrolls.
    <div className="absolute inset-0 flex flex-col">
      <ChatToolbar
        busy={busy}
        searchOpen={search !== null}
        searchButtonRef={searchButton}
        onNewChat={newChat}
        onStop={() => void stop()}
        onToggleSearch={toggleSearch}
        onExport={(format) => void exportAs(format)}
      />
      {search !== null ? (
        <Suspense fallback={null}>
          <ChatSearch
            query={search}
            matches={filtered?.length ?? null}
            loadingAll={loadingAll}
            onQuery={setSearch}
            onClose={closeSearch}
          />
        </Suspense>
      ) : null}
      {chat.loading || target.seeking ? (
        // Takes the list's place, so the composer is at the bottom already and does not jump.
        <p role="status" className="min-h-0 flex-1 p-6 text-center text-muted">
          {t('loading')}
        </p>
      ) : (
        <MessageActionsProvider value={messageActions}>
          <MessageList
            items={chat.items}
            status={chat.status}
            streamText={chat.streamText}
            filtered={filtered}
            windowKey={chat.windowKey}
            hasOlder={chat.hasOlder}
            loadingOlder={chat.loadingOlder}
            onLoadOlder={() => void chat.loadOlder()}
            hasNewer={chat.hasNewer}
            loadingNewer={chat.loadingNewer}
            onLoadNewer={() => void chat.loadNewer()}
            targetId={target.targetId}
            onSuggestion={(text) => {
              leaveTarget();
              void chat.send(text);
            }}
          />
        </MessageActionsProvider>
      )}
      {chat.limitReached ? (
        <Suspense fallback={null}>
          <LimitPanel />
        </Suspense>
      ) : null}
      <div className="contents" onInputCapture={preloadMessageList}>
        <ChatInput
          userId={userId}
          conversationId={id}
          busy={busy}
          choices={choices}
          onSend={(text, extras) => {
            leaveTarget();
            return chat.send(text, extras);
          }}
        />
      </div>
    </div>
  );
}

/** /chat and /chat/{id} (spec 01-core §2 "Chat screen"). */
export default function ChatPage() {
  const { user } = useUser();
  if (!user) return <LoginRequired />;
  return <ChatScreen userId={user.id} />;
}
