import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm, type FilterValues } from '#client/components/ui/filter-form.tsx';
import { ModalDialog } from '#client/components/ui/modal-dialog.tsx';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { notifyError } from '#client/lib/notify.ts';
import type { PredefinedAnswer } from '#shared/admin/predefined-answer-schemas.ts';
import { useDeletePredefinedAnswer, usePredefinedAnswers } from './api/predefined-answers.ts';
import { PredefinedAnswerForm } from './predefined-answer-form.tsx';
import { TryMessage } from './try-message.tsx';

interface Filters {
  q?: string;
  category?: string;
  active?: 'true' | 'false';
  sort: 'priority' | 'keyword';
  order: 'asc' | 'desc';
}

/** /admin/predefined-answers: the keyword answers the chat gives without calling a model. */
export default function PredefinedAnswersPage() {
  const { t } = useTranslation('adminPredefined');
  const { t: ta } = useTranslation('admin');
  const [filters, setFilters] = useState<Filters>({ sort: 'priority', order: 'desc' });
  const [editing, setEditing] = useState<PredefinedAnswer | 'new' | null>(null);
  const list = usePredefinedAnswers({ ...filters });
  const remove = useDeletePredefinedAnswer();

  function applyFilters(values: FilterValues) {
    const sort = values.sort === 'keyword' ? 'keyword' : 'priority';
    setFilters({
      q: values.q,
      category: values.category,
      active: values.active === 'true' || values.active === 'false' ? values.active : undefined,
      sort,
      order: sort === 'keyword' ? 'asc' : 'desc',
    });
  }

  function confirmDelete(entry: PredefinedAnswer) {
    if (!window.confirm(t('confirmDelete', { keyword: entry.keyword }))) return;
    remove.mutate(entry.id, { onError: (error) => notifyError(error) });
  }

  const columns: Column<PredefinedAnswer>[] = [
    {
      key: 'keyword',
      header: t('fields.keyword'),
      cell: (entry) => <strong>{entry.keyword}</strong>,
    },
    {
      key: 'answer',
      header: t('fields.answer'),
      cell: (entry) => <span className="line-clamp-2 max-w-sm">{entry.answer}</span>,
    },
    { key: 'priority', header: t('fields.priority'), cell: (entry) => entry.priority },
    {
      key: 'match',
      header: t('match'),
      cell: (entry) =>
        [
          entry.exactMatch ? t('fields.exactMatch') : t('contains'),
          entry.caseSensitive ? t('fields.caseSensitive') : null,
        ]
          .filter(Boolean)
          .join(' · '),
    },
    {
      key: 'category',
      header: t('fields.category'),
      cell: (entry) => [entry.category, ...entry.tags].filter(Boolean).join(', ') || '—',
    },
    {
      key: 'active',
      header: t('fields.isActive'),
      cell: (entry) => (entry.isActive ? t('active') : t('inactive')),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('actions')}</span>,
      cell: (entry) => (
        <div className="flex gap-1">
          <button
            type="button"
            className="btn-ghost px-2"
            aria-label={`${t('edit')} ${entry.keyword}`}
            onClick={() => setEditing(entry)}
          >
            {t('edit')}
          </button>
          <button
            type="button"
            className="btn-ghost px-2 text-danger"
            aria-label={`${t('delete')} ${entry.keyword}`}
            onClick={() => confirmDelete(entry)}
          >
            {t('delete')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-4" aria-labelledby="predefined-title">
      <header className="flex flex-wrap items-start gap-3">
        <div className="flex-1">
          <h1 id="predefined-title" className="text-2xl font-bold">
            {ta('areas.predefinedAnswers')}
          </h1>
          <p className="text-muted">{t('intro')}</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          <Plus size={16} aria-hidden="true" />
          {t('new')}
        </button>
      </header>
      <TryMessage />
      <FilterForm
        fields={[
          { name: 'q', label: t('search') },
          { name: 'category', label: t('fields.category') },
          {
            name: 'active',
            label: t('fields.isActive'),
            options: [
              { value: '', label: t('all') },
              { value: 'true', label: t('active') },
              { value: 'false', label: t('inactive') },
            ],
          },
          {
            name: 'sort',
            label: t('sortBy'),
            options: [
              { value: 'priority', label: t('fields.priority') },
              { value: 'keyword', label: t('fields.keyword') },
            ],
          },
        ]}
        submitLabel={ta('filter')}
        onApply={applyFilters}
      />
      <PagedTable
        label={ta('areas.predefinedAnswers')}
        columns={columns}
        list={list}
        rowKey={(entry) => entry.id}
      />
      <ModalDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('new') : t('editTitle')}
        closeLabel={t('cancel')}
        shouldKeepEdits
      >
        {editing !== null ? (
          <PredefinedAnswerForm
            entry={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </ModalDialog>
    </section>
  );
}
