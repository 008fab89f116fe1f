import { Loader2, MessageSquarePlus } from 'lucide-react';
import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VirtualList } from '#client/components/ui/virtual-list.tsx';
import { showToast } from '#client/components/ui/toast-store.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import { LoginRequired } from '#client/components/login-required.tsx';
import { useDeleteConversation } from '#client/features/history/api/delete-conversation.ts';
import { useConversations, type ConversationSummary } from '#client/lib/api/get-conversations.ts';
import { HISTORY_ROW_HEIGHT, HistoryRow } from '#client/features/history/history-row.tsx';
import { notifySuccess } from '#client/lib/notify.ts';

function Spinner({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted">
      <Loader2 size={20} className="animate-spin" aria-hidden="true" />
      {label}
    </p>
  );
}

/** The conversation list: spinner, empty state or a virtualized list paged by cursor. */
function ConversationRows({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('history');
  const list = useConversations(userId);
  const remove = useDeleteConversation(userId);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Spec 01-core §4 "History delete": confirm, delete, refresh the list, success toast;
  // a failure gives an error toast with the general error title (§8).
  const onDelete = (conversation: ConversationSummary, title: string) => {
    if (!window.confirm(t('confirmDelete', { title }))) return;
    setDeletingId(conversation.conversationId);
    remove.mutate(conversation.conversationId, {
      onSuccess: () => notifySuccess(t('deleted', { title })),
      onError: () =>
        showToast({
          title: i18n.t('common:errorTitle.default'),
          description: t('errorDeleting'),
          variant: 'destructive',
        }),
      onSettled: () => setDeletingId(null),
    });
  };

  if (list.isLoading) return <Spinner label={t('loading')} />;
  if (list.isError && list.conversations.length === 0) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-muted">
        {t('loadError')}
        <button type="button" className="btn-outline" onClick={() => void list.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (list.conversations.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-lg font-medium">{t('empty')}</p>
        <Link to="/" className="btn-primary">
          <MessageSquarePlus size={18} aria-hidden="true" />
          {t('startChat')}
        </Link>
      </div>
    );
  }
  const rows = list.conversations;
  return (
    <>
      <p className="text-sm text-muted">{t('count', { count: list.total })}</p>
      <VirtualList
        testId="history-list"
        label={t('listLabel')}
        className="card flex-1 p-1"
        count={rows.length}
        rowHeight={HISTORY_ROW_HEIGHT}
        rowKey={(index) => rows[index]!.conversationId}
        onEndReached={loadMore}
        renderRow={(index) => (
          <HistoryRow
            conversation={rows[index]!}
            deleting={deletingId === rows[index]!.conversationId}
            onDelete={onDelete}
          />
        )}
        footer={isFetchingNextPage ? <Spinner label={t('loadingMore')} /> : null}
      />
    </>
  );
}

/** The search across all conversations; while there is no query it shows `idle` (the list). */
export type HistorySearch = ComponentType<{ userId: number; idle: ReactNode }>;

/**
 * /history (spec 01-core §2): past conversations and the search through all of them. The search
 * is another feature's: src/client/app composes the two (decision 055).
 */
export function HistoryPage({ SearchPanel }: { SearchPanel: HistorySearch }) {
  const { t } = useTranslation('history');
  const { user } = useUser();
  if (!user) return <LoginRequired title={t('title')} text={t('loginRequired')} />;
  return (
    <div className="mx-auto flex h-full max-w-3xl flex-col gap-4 px-4 py-6 md:px-8">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <SearchPanel
        userId={user.id}
        idle={
          <div className="flex min-h-0 flex-1 flex-col gap-2">
            <ConversationRows userId={user.id} />
          </div>
        }
      />
    </div>
  );
}
