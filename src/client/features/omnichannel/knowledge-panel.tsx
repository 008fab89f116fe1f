import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '#client/lib/http.ts';
import { knowledge } from './api/omnichannel-rules.ts';

/** A datetime-local value as an ISO instant (null when empty). */
const toIso = (value: string) => (value ? new Date(value).toISOString() : null);

/**
 * A brand's knowledge entries: what the AI may answer from, while active and inside their
 * validity dates; searched by full text (issue 14 item 5).
 */
export function KnowledgePanel({ brandId }: { brandId: string }) {
  const { t, i18n } = useTranslation('omnichannelRules');
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const entries = knowledge.useList(
    brandId,
    applied ? `?${new URLSearchParams({ q: applied }).toString()}` : '',
  );
  const save = knowledge.useSave(brandId);
  const remove = knowledge.useDelete(brandId);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const format = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
      : '—';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save
      .mutateAsync({
        input: {
          title,
          content,
          category: category || null,
          contentType: 'text',
          tags: [],
          priority: 0,
          isActive: true,
          validFrom: toIso(validFrom),
          validUntil: toIso(validUntil),
        },
      })
      .catch(() => null);
    if (saved) {
      setTitle('');
      setContent('');
      setCategory('');
      setValidFrom('');
      setValidUntil('');
    }
  }

  const error =
    save.error instanceof HttpError ? save.error.message : save.error ? t('saveFailed') : null;
  return (
    <section className="grid gap-3" aria-labelledby="omnichannel-knowledge">
      <h3 id="omnichannel-knowledge" className="font-semibold">
        {t('knowledge.title')}
      </h3>
      <p className="text-sm text-muted">{t('knowledge.intro')}</p>
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(search.trim());
        }}
      >
        <input
          className="field-input flex-1"
          type="search"
          aria-label={t('knowledge.search')}
          placeholder={t('knowledge.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="submit" className="btn-outline">
          {t('knowledge.searchButton')}
        </button>
      </form>
      {entries.data?.length === 0 ? <p className="text-muted">{t('knowledge.none')}</p> : null}
      <ul className="grid gap-2">
        {(entries.data ?? []).map((entry) => (
          <li key={entry.id} className="grid gap-1 rounded border border-border p-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{entry.title}</span>
              {entry.category ? <span className="text-sm text-muted">{entry.category}</span> : null}
              <span className="text-sm text-muted">
                {t('knowledge.validity', {
                  from: format(entry.validFrom),
                  until: format(entry.validUntil),
                })}
              </span>
              <label className="ml-auto flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={entry.isActive}
                  onChange={(event) =>
                    save.mutate({ id: entry.id, input: { isActive: event.target.checked } })
                  }
                />
                {t('active')}
              </label>
              <button
                type="button"
                className="btn-outline"
                onClick={() => {
                  if (window.confirm(t('confirmDelete'))) remove.mutate(entry.id);
                }}
              >
                {t('delete')}
              </button>
            </div>
            <p className="whitespace-pre-wrap text-sm">{entry.content}</p>
          </li>
        ))}
      </ul>
      <form
        className="grid gap-2 rounded border border-border p-3 md:grid-cols-2"
        aria-label={t('knowledge.new')}
        onSubmit={(event) => void submit(event)}
      >
        <label className="flex flex-col gap-1 text-sm">
          {t('knowledge.entryTitle')}
          <input
            className="field-input"
            required
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('knowledge.category')}
          <input
            className="field-input"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm md:col-span-2">
          {t('knowledge.content')}
          <textarea
            className="field-input min-h-24"
            required
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('knowledge.validFrom')}
          <input
            className="field-input"
            type="datetime-local"
            value={validFrom}
            onChange={(e) => setValidFrom(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('knowledge.validUntil')}
          <input
            className="field-input"
            type="datetime-local"
            value={validUntil}
            onChange={(e) => setValidUntil(e.target.value)}
          />
        </label>
        {error ? (
          <p role="alert" className="text-danger md:col-span-2">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary justify-self-start" disabled={save.isPending}>
          {t('knowledge.add')}
        </button>
      </form>
    </section>
  );
}
