import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { HttpError } from '#client/lib/http.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';
import type { ProviderKeyStatus, ProviderKeyUpdate } from '#shared/admin/provider-keys.ts';
import { useRemoveProviderKey, useUpdateProviderKey } from './api/provider-keys-api.ts';

/**
 * One provider: whether a key is configured and where from, and a form to set a new key or
 * endpoint. The key field is write-only: it starts empty and is cleared after saving.
 */
export function ProviderKeyCard({ status }: { status: ProviderKeyStatus }) {
  const { t } = useTranslation('admin-provider-keys');
  const update = useUpdateProviderKey();
  const remove = useRemoveProviderKey();
  const [error, setError] = useState<string | null>(null);
  const name = t(`providers.${status.provider}`);
  const ids = { key: `${status.provider}-key`, url: `${status.provider}-url` };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const apiKey = text('apiKey');
    const baseUrl = text('baseUrl');
    const change: ProviderKeyUpdate = {};
    if (apiKey) change.apiKey = apiKey;
    if (baseUrl) change.baseUrl = baseUrl;
    if (!apiKey && !baseUrl) {
      setError(t('nothingToSave'));
      return;
    }
    update.mutate(
      { provider: status.provider, change },
      {
        onSuccess: () => {
          formElement.reset();
          setError(null);
          notifySuccess(t('saved', { name }));
        },
        onError: (failure) => setError(saveError(failure, change)),
      },
    );
  }

  /** An endpoint without a key while the environment has one is refused (decision 324). */
  function saveError(failure: Error, change: ProviderKeyUpdate) {
    if (!(failure instanceof HttpError)) return t('saveFailed');
    const fields = failure.code === 'VALIDATION_ERROR' ? failure.details : undefined;
    const needsKey = !change.apiKey && typeof fields === 'object' && fields && 'apiKey' in fields;
    return needsKey ? t('keyRequiredForEndpoint') : failure.message;
  }

  const keyState = status.apiKey.configured
    ? t(`source.${status.apiKey.source}`) +
      (status.apiKey.last4 ? ` · ${t('endsWith', { last4: status.apiKey.last4 })}` : '')
    : t('notConfigured');

  return (
    <article className="card flex flex-col gap-3" aria-labelledby={`${status.provider}-title`}>
      <h3 id={`${status.provider}-title`} className="text-lg font-semibold">
        {name}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('key')}</dt>
        <dd>{keyState}</dd>
        <dt className="text-muted">{t('endpoint')}</dt>
        <dd className="break-all">
          <code>{status.baseUrl.value}</code> ({t(`urlSource.${status.baseUrl.source}`)})
        </dd>
        {status.updatedAt ? (
          <>
            <dt className="text-muted">{t('changed')}</dt>
            <dd>
              {formatDate(status.updatedAt, currentLanguage())} {formatTime(status.updatedAt)}
              {status.updatedBy ? ` · ${status.updatedBy}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {status.error ? (
        <p role="alert" className="text-sm text-danger">
          {t('unusable')} {status.error}
        </p>
      ) : null}
      {status.endpointNeedsKey ? (
        <p role="alert" className="text-sm text-danger">
          {t('endpointNeedsKey', { name })}
        </p>
      ) : null}
      <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
        <label htmlFor={ids.key} className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('newKey', { name })}</span>
          <input
            id={ids.key}
            name="apiKey"
            type="password"
            autoComplete="off"
            spellCheck={false}
            className="field-input font-mono"
          />
        </label>
        <label htmlFor={ids.url} className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('newEndpoint', { name })}</span>
          <input
            id={ids.url}
            name="baseUrl"
            type="url"
            placeholder={status.baseUrl.value}
            className="field-input font-mono"
          />
        </label>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={update.isPending}>
            {t('save')}
          </button>
          {status.updatedAt ? (
            <button
              type="button"
              className="btn-outline"
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm(t('confirmUseEnvironment', { name }))) return;
                remove.mutate(status.provider, { onError: (error) => notifyError(error) });
              }}
            >
              {t('useEnvironment')}
            </button>
          ) : null}
        </div>
      </form>
    </article>
  );
}
