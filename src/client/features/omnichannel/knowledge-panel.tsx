import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnowledgeEntry } from '#shared/omnichannel/knowledge-schemas.ts';
import { knowledge } from './api/omnichannel-rules.ts';
import { CollectionSection } from './collection-section.tsx';
import { InputField, TextAreaField } from './form-fields.tsx';

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
  const [content, setContent] = useState('');
  const [category, setCategory] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const format = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
      : '—';

  const summary = (entry: KnowledgeEntry) => (
    <>
      <span className="font-medium">{entry.title}</span>
      {entry.category ? <span className="text-sm text-muted">{entry.category}</span> : null}
      <span className="text-sm text-muted">
        {t('knowledge.validity', {
          from: format(entry.validFrom),
          until: format(entry.validUntil),
        })}
      </span>
    </>
  );

  return (
    <CollectionSection
      kind="knowledge"
      brandId={brandId}
      collection={knowledge}
      query={applied ? `?${new URLSearchParams({ q: applied }).toString()}` : ''}
      search={
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
      }
      empty={t('knowledge.none')}
      summary={summary}
      details={(entry) => <p className="whitespace-pre-wrap text-sm">{entry.content}</p>}
      nameLabel={t('knowledge.entryTitle')}
      newInput={(title) => ({
        title,
        content,
        category: category || null,
        contentType: 'text' as const,
        tags: [],
        priority: 0,
        isActive: true,
        validFrom: toIso(validFrom),
        validUntil: toIso(validUntil),
      })}
      onSaved={() => {
        setContent('');
        setCategory('');
        setValidFrom('');
        setValidUntil('');
      }}
    >
      <InputField
        label={t('knowledge.category')}
        value={category}
        onChange={(e) => setCategory(e.target.value)}
      />
      <TextAreaField
        label={t('knowledge.content')}
        wide
        className="field-input min-h-24"
        required
        value={content}
        onChange={(e) => setContent(e.target.value)}
      />
      <InputField
        label={t('knowledge.validFrom')}
        type="datetime-local"
        value={validFrom}
        onChange={(e) => setValidFrom(e.target.value)}
      />
      <InputField
        label={t('knowledge.validUntil')}
        type="datetime-local"
        value={validUntil}
        onChange={(e) => setValidUntil(e.target.value)}
      />
    </CollectionSection>
  );
}
