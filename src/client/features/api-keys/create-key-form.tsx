import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '#client/lib/http.ts';
import { notifyError } from '#client/lib/notify.ts';
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_SCOPES,
  MAX_ACTIVE_API_KEYS,
  type ApiKeyScope,
} from '#shared/api-keys/api-access.ts';
import type { CreatedApiKey } from '#shared/api-keys/api-key-schemas.ts';
import { useCreateApiKey } from './api/api-keys.ts';

/** i18next reads ':' as a namespace separator, so scope texts have keys of their own. */
const SCOPE_TEXT: Record<ApiKeyScope, string> = {
  'models:read': 'scope.modelsRead',
  'chat:write': 'scope.chatWrite',
};

/** POST /api/api-keys answers 409 only when the user has as many active keys as allowed. */
const isKeyLimit = (error: Error) =>
  error instanceof HttpError && error.status === 409 && error.code === 'CONFLICT';

/** Name, scopes and expiry of a new key; the created key goes to `onCreated` (shown once). */
export function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation('apiKeys');
  const id = useId();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([...API_KEY_SCOPES]);
  const [days, setDays] = useState<number>(90);
  const [error, setError] = useState<string | null>(null);

  const toggle = (scope: ApiKeyScope) =>
    setScopes((current) =>
      current.includes(scope) ? current.filter((item) => item !== scope) : [...current, scope],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('form.nameRequired'));
    if (scopes.length === 0) return setError(t('form.scopeRequired'));
    setError(null);
    create.mutate(
      { name: name.trim(), scopes, expiresInDays: days },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
        onError: (failure) => {
          if (isKeyLimit(failure)) setError(t('form.limitReached', { max: MAX_ACTIVE_API_KEYS }));
          else notifyError(failure);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="card flex flex-col gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('form.title')}
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          {t('form.name')}
        </label>
        <input
          id={`${id}-name`}
          className="field-input"
          value={name}
          maxLength={100}
          placeholder={t('form.namePlaceholder')}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('form.scopes')}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-1"
              checked={scopes.includes(scope)}
              onChange={() => toggle(scope)}
            />
            <span>
              <code className="font-mono text-sm">{scope}</code>
              <span className="block text-sm text-muted">{t(SCOPE_TEXT[scope])}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-expiry`} className="text-sm font-medium">
          {t('form.expiry')}
        </label>
        <select
          id={`${id}-expiry`}
          className="field-input"
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {API_KEY_EXPIRY_DAYS.map((option) => (
            <option key={option} value={option}>
              {t('form.days', { count: option })}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary self-start" disabled={create.isPending}>
        {t('form.create')}
      </button>
    </form>
  );
}
