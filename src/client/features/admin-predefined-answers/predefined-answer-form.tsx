import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '#client/components/ui/switch.tsx';
import { HttpError } from '#client/lib/http.ts';
import { LANGUAGE_NAMES } from '#shared/settings/language-names.ts';
import type {
  PredefinedAnswer,
  PredefinedAnswerInput,
} from '#shared/admin/predefined-answer-schemas.ts';
import { useSavePredefinedAnswer } from './api/predefined-answers.ts';

const TRANSLATED = ['de', 'zh', 'mk', 'sq', 'ko'] as const;

function initialInput(entry: PredefinedAnswer | null): PredefinedAnswerInput {
  return {
    keyword: entry?.keyword ?? '',
    answer: entry?.answer ?? '',
    translations: { ...entry?.translations },
    priority: entry?.priority ?? 0,
    isActive: entry?.isActive ?? true,
    exactMatch: entry?.exactMatch ?? false,
    caseSensitive: entry?.caseSensitive ?? false,
    category: entry?.category ?? null,
    tags: entry?.tags ?? [],
  };
}

/** Field → message from a refused save: the server names the fields (400) or the keyword (409). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || !error.details || typeof error.details !== 'object')
    return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.details as Record<string, string[]>)) {
    errors[field.split('.')[0] ?? field] = messages.join(' ');
  }
  return errors;
}

/** Create or edit one predefined answer; closes itself once the server has stored it. */
export function PredefinedAnswerForm({
  entry,
  onDone,
}: {
  entry: PredefinedAnswer | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('adminPredefined');
  const [input, setInput] = useState(() => initialInput(entry));
  // Typed as text ("a, b"); split into tags only when saved, so a comma can be typed.
  const [tagsText, setTagsText] = useState(() => input.tags.join(', '));
  const save = useSavePredefinedAnswer();
  const errors = fieldErrors(save.error);
  const set = <K extends keyof PredefinedAnswerInput>(key: K, value: PredefinedAnswerInput[K]) =>
    setInput((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const tags = tagsText
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    save.mutate({ id: entry?.id, input: { ...input, tags } }, { onSuccess: onDone });
  }

  const error = (field: string) =>
    errors[field] ? (
      <span role="alert" className="text-sm text-danger">
        {errors[field]}
      </span>
    ) : null;

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <label className="flex flex-col gap-1 text-sm">
        {t('fields.keyword')}
        <input
          className="field-input"
          value={input.keyword}
          required
          onChange={(event) => set('keyword', event.target.value)}
        />
      </label>
      {error('keyword')}
      <label className="flex flex-col gap-1 text-sm">
        {t('fields.answer')}
        <textarea
          className="field-input min-h-24"
          value={input.answer}
          required
          onChange={(event) => set('answer', event.target.value)}
        />
      </label>
      {error('answer')}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">{t('fields.translations')}</legend>
        {TRANSLATED.map((language) => (
          <label key={language} className="flex flex-col gap-1 text-sm">
            {LANGUAGE_NAMES[language]}
            <textarea
              className="field-input min-h-16"
              value={input.translations[language] ?? ''}
              onChange={(event) =>
                set('translations', { ...input.translations, [language]: event.target.value })
              }
            />
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          {t('fields.priority')}
          <input
            type="number"
            className="field-input"
            value={input.priority}
            onChange={(event) => set('priority', Number(event.target.value) || 0)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('fields.category')}
          <input
            className="field-input"
            value={input.category ?? ''}
            onChange={(event) => set('category', event.target.value || null)}
          />
        </label>
      </div>
      <label className="flex flex-col gap-1 text-sm">
        {t('fields.tags')}
        <input
          className="field-input"
          value={tagsText}
          placeholder={t('fields.tagsHint')}
          onChange={(event) => setTagsText(event.target.value)}
        />
      </label>
      {error('tags')}
      {error('priority')}
      <Switch
        label={t('fields.exactMatch')}
        description={t('fields.exactMatchHint')}
        checked={input.exactMatch}
        onChange={(value) => set('exactMatch', value)}
      />
      <Switch
        label={t('fields.caseSensitive')}
        checked={input.caseSensitive}
        onChange={(value) => set('caseSensitive', value)}
      />
      <Switch
        label={t('fields.isActive')}
        checked={input.isActive}
        onChange={(value) => set('isActive', value)}
      />
      {save.isError && Object.keys(errors).length === 0 ? (
        <p role="alert" className="text-danger">
          {t('saveFailed')}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-ghost" onClick={onDone}>
          {t('cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {t('save')}
        </button>
      </div>
    </form>
  );
}
