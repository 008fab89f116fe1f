import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';
import type { TokenLimit } from '#shared/admin-tokens/token-admin-schemas.ts';
import { useSaveTokenLimits, useTokenLimits } from './api/token-limits.ts';

const COUNTS = ['monthlyTokens', 'dailyTokens', 'maxRequestSize'] as const;
const FLAGS = ['gpt5Access', 'claude4Access'] as const;

/** The rows being edited, starting from what the server has. */
function LimitsEditor({ saved }: { saved: TokenLimit[] }) {
  const { t } = useTranslation('adminTokens');
  const save = useSaveTokenLimits();
  const [draft, setDraft] = useState<TokenLimit[]>(saved);

  const change = (tier: string, patch: Partial<TokenLimit>) =>
    setDraft((rows) => rows.map((row) => (row.tier === tier ? { ...row, ...patch } : row)));

  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => notifySuccess(t('limits.saved')),
      onError: (error) => notifyError(error),
    });

  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={t('limits.title')}>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('usage.tier')}
              </th>
              {[...COUNTS, ...FLAGS].map((field) => (
                <th key={field} scope="col" className="py-2 pr-4 font-medium">
                  {t(`limits.${field}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {draft.map((row) => (
              <tr key={row.tier} className="border-t border-line">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {t(`tier.${row.tier}`)}
                </th>
                {COUNTS.map((field) => (
                  <td key={field} className="py-2 pr-4">
                    <input
                      type="number"
                      min={0}
                      step={1}
                      className="field-input w-36"
                      aria-label={`${t(`tier.${row.tier}`)}: ${t(`limits.${field}`)}`}
                      value={row[field]}
                      onChange={(event) =>
                        change(row.tier, { [field]: Math.trunc(Number(event.target.value)) })
                      }
                    />
                  </td>
                ))}
                {FLAGS.map((field) => (
                  <td key={field} className="py-2 pr-4">
                    <input
                      type="checkbox"
                      aria-label={`${t(`tier.${row.tier}`)}: ${t(`limits.${field}`)}`}
                      checked={row[field]}
                      onChange={(event) => change(row.tier, { [field]: event.target.checked })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="btn-primary self-start"
        onClick={submit}
        disabled={save.isPending}
      >
        {t('limits.save')}
      </button>
    </>
  );
}

/** The token_limits editor: one row per tier; saved together, used from the next request on. */
export function TokenLimitsSection() {
  const { t } = useTranslation('adminTokens');
  const limits = useTokenLimits();
  return (
    <section aria-labelledby="token-limits-title" className="flex flex-col gap-4">
      <h2 id="token-limits-title" className="text-xl font-semibold">
        {t('limits.title')}
      </h2>
      <p className="text-sm text-muted">{t('limits.intro')}</p>
      {limits.isError ? (
        <p role="alert" className="text-danger">
          {t('limits.failed')}
        </p>
      ) : limits.data ? (
        <LimitsEditor key={limits.dataUpdatedAt} saved={limits.data.limits} />
      ) : (
        <p className="text-muted">{t('usage.loading')}</p>
      )}
    </section>
  );
}
