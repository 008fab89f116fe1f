import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FilterForm, type FilterValues } from '#client/components/ui/filter-form.tsx';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { AdminConversation } from '#shared/admin/admin-conversation-schemas.ts';
import { useConversationAccess } from './api/get-access-setting.ts';
import { useAdminConversations, type ConversationFilters } from './api/get-conversations.ts';
import { ConversationReader } from './conversation-reader.tsx';

function ConversationList({ initial }: { initial: ConversationFilters }) {
  const { t } = useTranslation('adminConversations');
  const [filters, setFilters] = useState<ConversationFilters>(initial);
  const [reading, setReading] = useState<AdminConversation | null>(null);
  const list = useAdminConversations(filters);
  const language = currentLanguage();

  const columns: Column<AdminConversation>[] = [
    { key: 'title', header: t('columns.title'), cell: (c) => c.title || t('untitled') },
    { key: 'owner', header: t('columns.owner'), cell: (c) => `${c.username} (#${c.userId})` },
    { key: 'messages', header: t('columns.messages'), cell: (c) => c.messageCount },
    {
      key: 'updated',
      header: t('columns.updated'),
      cell: (c) => `${formatDate(c.updatedAt, language)} ${formatTime(c.updatedAt)}`,
    },
    {
      key: 'read',
      header: t('columns.read'),
      cell: (c) => (
        <button
          type="button"
          className="btn-outline min-h-8 px-2 py-1 text-sm"
          aria-label={t('readFor', { title: c.title || t('untitled'), username: c.username })}
          onClick={() => setReading(c)}
        >
          {t('read')}
        </button>
      ),
    },
  ];

  function applyFilters(values: FilterValues) {
    const userId = Number(values.userId);
    setFilters({
      q: values.q,
      userId: Number.isInteger(userId) && userId > 0 ? userId : undefined,
    });
  }

  return (
    <>
      <FilterForm
        fields={[
          { name: 'q', label: t('filters.q'), defaultValue: initial.q },
          {
            name: 'userId',
            label: t('filters.userId'),
            inputMode: 'numeric',
            defaultValue: initial.userId === undefined ? undefined : String(initial.userId),
          },
        ]}
        submitLabel={t('filters.apply')}
        onApply={applyFilters}
      />
      <PagedTable
        label={t('listLabel')}
        columns={columns}
        list={list}
        rowKey={(c) => c.conversationId}
      />
      <ConversationReader conversation={reading} onClose={() => setReading(null)} />
    </>
  );
}

/** /admin/conversations (issue 12 item 2): find any conversation, read it with a reason. */
export default function ConversationsPage() {
  const { t } = useTranslation(['adminConversations', 'admin']);
  const access = useConversationAccess();
  const [params] = useSearchParams();
  const userId = Number(params.get('userId'));
  const initial: ConversationFilters = {
    q: params.get('q') ?? undefined,
    userId: Number.isInteger(userId) && userId > 0 ? userId : undefined,
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-conversations-title">
      <header>
        <h1 id="admin-conversations-title" className="text-2xl font-bold">
          {t('admin:areas.conversations')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      {access.data === false ? (
        <div role="status" className="card flex flex-col gap-2">
          <p className="font-semibold">{t('off.title')}</p>
          <p>{t('off.text')}</p>
          <Link to="/admin/settings" className="underline">
            {t('off.link')}
          </Link>
        </div>
      ) : access.isPending ? null : (
        <ConversationList initial={initial} />
      )}
    </section>
  );
}
