import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '#client/lib/i18n.ts';
import {
  LIMITED_TIERS,
  USAGE_GROUPS,
  type TokenUsageRow,
  type UsageGroup,
} from '#shared/admin-tokens/token-admin-schemas.ts';
import { usageCsvUrl, useTokenUsage, type UsageFilters } from './api/token-usage.ts';

/** Costs arrive as decimal strings (numeric in the database) and are shown as they are. */
const dollars = (cost: string) => `$${cost}`;

/** token_usage by day, model, user or tier, with the range's totals and the CSV of the same. */
export function TokenUsageSection() {
  const { t } = useTranslation('adminTokens');
  const [filters, setFilters] = useState<UsageFilters>({ groupBy: 'day' });
  const usage = useTokenUsage(filters);
  const number = new Intl.NumberFormat(currentLanguage());

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = form.get(name);
      return typeof entry === 'string' && entry.trim() ? entry.trim() : undefined;
    };
    setFilters({
      groupBy: (value('groupBy') ?? 'day') as UsageGroup,
      from: value('from'),
      to: value('to'),
      tier: value('tier') as UsageFilters['tier'],
      model: value('model'),
    });
  }

  const figures = (row: Omit<TokenUsageRow, 'key' | 'label'>) => [
    number.format(row.calls),
    number.format(row.inputTokens),
    number.format(row.outputTokens),
    number.format(row.totalTokens),
    dollars(row.cost),
  ];
  const totals = usage.report?.totals;

  return (
    <section aria-labelledby="token-usage-title" className="flex flex-col gap-4">
      <h2 id="token-usage-title" className="text-xl font-semibold">
        {t('usage.title')}
      </h2>
      <form className="flex flex-wrap items-end gap-3" onSubmit={apply}>
        <label className="flex flex-col gap-1 text-sm">
          {t('usage.groupBy')}
          <select name="groupBy" className="field-input" defaultValue="day">
            {USAGE_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(`usage.group.${group}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('usage.from')}
          <input type="date" name="from" className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('usage.to')}
          <input type="date" name="to" className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('usage.tier')}
          <select name="tier" className="field-input" defaultValue="">
            <option value="">{t('usage.allTiers')}</option>
            {LIMITED_TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {t(`tier.${tier}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('usage.model')}
          <input name="model" className="field-input" placeholder="gpt-4o" />
        </label>
        <button type="submit" className="btn-outline">
          {t('usage.apply')}
        </button>
        <a className="btn-outline" href={usageCsvUrl(filters)} download>
          <Download size={16} aria-hidden="true" />
          {t('usage.csv')}
        </a>
      </form>
      {usage.isError ? (
        <p role="alert" className="text-danger">
          {t('usage.failed')}{' '}
          <button type="button" className="underline" onClick={usage.refetch}>
            {t('usage.retry')}
          </button>
        </p>
      ) : usage.isLoading ? (
        <p className="text-muted">{t('usage.loading')}</p>
      ) : (
        <>
          {usage.report ? (
            <p className="text-sm text-muted">
              {t('usage.range', { from: usage.report.from, to: usage.report.to })}
            </p>
          ) : null}
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label={t('usage.title')}>
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t(`usage.group.${usage.report?.groupBy ?? 'day'}`)}
                  </th>
                  {(['calls', 'input', 'output', 'total', 'cost'] as const).map((column) => (
                    <th key={column} scope="col" className="py-2 pr-4 text-right font-medium">
                      {t(`usage.column.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {usage.items.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="py-2 text-muted">
                      {t('usage.empty')}
                    </td>
                  </tr>
                ) : (
                  usage.items.map((row) => (
                    <tr key={row.key} className="border-t border-line" data-testid="usage-row">
                      <th scope="row" className="py-2 pr-4 font-normal">
                        {row.label}
                      </th>
                      {figures(row).map((value, index) => (
                        <td key={index} className="py-2 pr-4 text-right tabular-nums">
                          {value}
                        </td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
              {totals ? (
                <tfoot>
                  <tr className="border-t-2 border-line font-semibold" data-testid="usage-totals">
                    <th scope="row" className="py-2 pr-4">
                      {t('usage.totals')}
                    </th>
                    {figures(totals).map((value, index) => (
                      <td key={index} className="py-2 pr-4 text-right tabular-nums">
                        {value}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </div>
          {usage.hasMore ? (
            <button
              type="button"
              className="btn-outline self-start"
              onClick={usage.loadMore}
              disabled={usage.isLoadingMore}
            >
              {t('usage.loadMore')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
