import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '#client/lib/http.ts';
import {
  CHANNEL_TYPES,
  TEMPLATE_LANGUAGES,
  type ChannelType,
} from '#shared/omnichannel/omnichannel-schemas.ts';
import { useDeleteTemplate, useSaveTemplate, useTemplates } from './api/inbox.ts';

type Language = (typeof TEMPLATE_LANGUAGES)[number];

/** The brand's response templates: each with its language, channel, usage count; add or delete. */
export function TemplatesEditor({ brandId }: { brandId: string }) {
  const { t } = useTranslation('omnichannel');
  const templates = useTemplates(brandId);
  const save = useSaveTemplate(brandId);
  const remove = useDeleteTemplate(brandId);
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<Language>('de');
  const [channelType, setChannelType] = useState<ChannelType | ''>('');
  const [content, setContent] = useState('');
  const [quickReplies, setQuickReplies] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save
      .mutateAsync({
        name,
        language,
        channelType: channelType || null,
        content,
        quickReplies: quickReplies
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      })
      .catch(() => null);
    if (saved) {
      setName('');
      setContent('');
      setQuickReplies('');
    }
  }

  const error =
    save.error instanceof HttpError ? save.error.message : save.error ? t('saveFailed') : null;
  return (
    <section className="grid gap-3" aria-labelledby="omnichannel-templates">
      <h2 id="omnichannel-templates" className="text-lg font-semibold">
        {t('templates.title')}
      </h2>
      {templates.data?.length === 0 ? <p className="text-muted">{t('templates.none')}</p> : null}
      <ul className="grid gap-2">
        {(templates.data ?? []).map((template) => (
          <li
            key={template.templateId}
            className="flex items-start justify-between gap-2 rounded border border-border p-2"
          >
            <div className="text-sm">
              <p className="font-semibold">
                {template.name} · {template.language} ·{' '}
                {template.channelType
                  ? t(`types.${template.channelType}`)
                  : t('templates.anyChannel')}
              </p>
              <p className="whitespace-pre-wrap">{template.content}</p>
              <p className="text-xs text-muted">
                {t('templates.usage', { uses: template.usageCount })}
              </p>
            </div>
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                if (window.confirm(t('templates.confirmDelete')))
                  remove.mutate(template.templateId);
              }}
            >
              {t('templates.delete')}
            </button>
          </li>
        ))}
      </ul>
      <form
        className="grid gap-2 rounded border border-border p-3"
        aria-label={t('templates.new')}
        onSubmit={(event) => void submit(event)}
      >
        <label className="flex flex-col gap-1 text-sm">
          {t('templates.name')}
          <input
            className="field-input"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col gap-1 text-sm">
            {t('templates.language')}
            <select
              className="field-input"
              value={language}
              onChange={(event) => setLanguage(event.target.value as Language)}
            >
              {TEMPLATE_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t('templates.channel')}
            <select
              className="field-input"
              value={channelType}
              onChange={(event) => setChannelType(event.target.value as ChannelType | '')}
            >
              <option value="">{t('templates.anyChannel')}</option>
              {CHANNEL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex flex-col gap-1 text-sm">
          {t('templates.content', { example: '{{customer_name}}' })}
          <textarea
            className="field-input"
            rows={3}
            required
            value={content}
            onChange={(event) => setContent(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('templates.quickReplies')}
          <textarea
            className="field-input"
            rows={2}
            value={quickReplies}
            onChange={(event) => setQuickReplies(event.target.value)}
          />
        </label>
        {error ? (
          <p role="alert" className="text-danger">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary justify-self-start" disabled={save.isPending}>
          {t('templates.add')}
        </button>
      </form>
    </section>
  );
}
