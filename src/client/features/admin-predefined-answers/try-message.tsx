import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '#client/lib/i18n.ts';
import { LANGUAGES } from '#shared/settings/settings-options.ts';
import { LANGUAGE_NAMES } from '#shared/settings/language-names.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import { useTryPredefinedAnswer } from './api/predefined-answers.ts';

/** "Try a message": the answer the chat would give, from the server's own matcher. */
export function TryMessage() {
  const { t } = useTranslation('adminPredefined');
  const [message, setMessage] = useState('');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const tryIt = useTryPredefinedAnswer();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (message.trim()) tryIt.mutate({ message, language });
  }

  const match = tryIt.data?.match;
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="try-message-title">
      <h2 id="try-message-title" className="text-lg font-semibold">
        {t('try.title')}
      </h2>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <label className="flex min-w-60 flex-1 flex-col gap-1 text-sm">
          {t('try.message')}
          <input
            className="field-input"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('try.language')}
          <select
            className="field-input"
            value={language}
            onChange={(event) => setLanguage(event.target.value as Language)}
          >
            {LANGUAGES.map((option) => (
              <option key={option} value={option}>
                {LANGUAGE_NAMES[option]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-outline" disabled={tryIt.isPending}>
          {t('try.submit')}
        </button>
      </form>
      <div aria-live="polite">
        {tryIt.isError ? <p className="text-danger">{t('saveFailed')}</p> : null}
        {tryIt.data && !match ? <p className="text-muted">{t('try.noMatch')}</p> : null}
        {match ? (
          <div className="rounded-lg border border-line p-3">
            <p className="text-sm text-muted">{t('try.matched', { keyword: match.keyword })}</p>
            <p className="whitespace-pre-wrap">{match.answer}</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
