import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    };
    const active = text('active');
    const sort = text('sort') === 'keyword' ? 'keyword' : 'priority';
    setFilters({
      q: text('q'),
      category: text('category'),
      active: active === 'true' || active === 'false' ? active : undefined,
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
      <form className="flex flex-wrap items-end gap-3" onSubmit={applyFilters}>
        <label className="flex flex-col gap-1 text-sm">
          {t('search')}
          <input name="q" className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('fields.category')}
          <input name="category" className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('fields.isActive')}
          <select name="active" className="field-input" defaultValue="">
            <option value="">{t('all')}</option>
            <option value="true">{t('active')}</option>
            <option value="false">{t('inactive')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('sortBy')}
          <select name="sort" className="field-input" defaultValue="priority">
            <option value="priority">{t('fields.priority')}</option>
            <option value="keyword">{t('fields.keyword')}</option>
          </select>
        </label>
        <button type="submit" className="btn-outline">
          {ta('filter')}
        </button>
      </form>
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
