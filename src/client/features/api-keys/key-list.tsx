import { useTranslation } from 'react-i18next';
import { formatDate } from '#client/lib/format-date.ts';
import { notifyError } from '#client/lib/notify.ts';
import type { ApiKey } from '#shared/api-keys/api-key-schemas.ts';
import { useRevokeApiKey } from './api/api-keys.ts';

function statusOf(key: ApiKey, now = Date.now()): 'revoked' | 'expired' | 'active' {
  if (key.revokedAt) return 'revoked';
  return Date.parse(key.expiresAt) <= now ? 'expired' : 'active';
}

/** The user's keys: prefix, scopes, dates and status, with revoke for the active ones. */
export function KeyList({ keys }: { keys: ApiKey[] }) {
  const { t, i18n } = useTranslation('apiKeys');
  const revoke = useRevokeApiKey();
  const date = (value: string | null) =>
    value ? formatDate(value, i18n.language) : t('list.never');
  if (keys.length === 0) return <p className="text-muted">{t('list.empty')}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('list.title')}>
      {keys.map((key) => {
        const status = statusOf(key);
        return (
          <li key={key.id} className="card flex flex-col gap-2" data-testid="api-key-row">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{key.name}</span>
              <code className="font-mono text-sm text-muted">{key.prefix}…</code>
              <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs">
                {t(`status.${status}`)}
              </span>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">{t('list.scopes')}</dt>
              <dd>{key.scopes.join(', ')}</dd>
              <dt className="text-muted">{t('list.created')}</dt>
              <dd>{date(key.createdAt)}</dd>
              <dt className="text-muted">{t('list.expires')}</dt>
              <dd>{date(key.expiresAt)}</dd>
              <dt className="text-muted">{t('list.lastUsed')}</dt>
              <dd>{date(key.lastUsedAt)}</dd>
            </dl>
            {status === 'active' ? (
              <button
                type="button"
                className="btn-outline self-start"
                disabled={revoke.isPending}
                onClick={() => {
                  if (!window.confirm(t('list.confirmRevoke', { name: key.name }))) return;
                  revoke.mutate(key.id, { onError: (error) => notifyError(error) });
                }}
              >
                {t('list.revoke')}
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
