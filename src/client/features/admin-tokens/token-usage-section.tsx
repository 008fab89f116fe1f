import { FilterForm, type FilterValues } from '#client/components/ui/filter-form.tsx';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '#client/lib/i18n.ts';
import {
  LIMITED_TIERS,
  USAGE_GROUPS,
  USAGE_WITHOUT_USER,
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

  function apply(values: FilterValues) {
    setFilters({
      groupBy: (values.groupBy ?? 'day') as UsageGroup,
      from: values.from,
      to: values.to,
      tier: values.tier as UsageFilters['tier'],
      model: values.model,
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
  const grouping = usage.report?.groupBy;
  // Calls made for nobody's account (omnichannel triage) sum in a row of their own (decision 331).
  const withoutUser = (row: TokenUsageRow) =>
    (grouping === 'user' || grouping === 'tier') && row.key === USAGE_WITHOUT_USER;

  return (
    <section aria-labelledby="token-usage-title" className="flex flex-col gap-4">
      <h2 id="token-usage-title" className="text-xl font-semibold">
        {t('usage.title')}
      </h2>
      <FilterForm
        fields={[
          {
            name: 'groupBy',
            label: t('usage.groupBy'),
            defaultValue: 'day',
            options: USAGE_GROUPS.map((group) => ({
              value: group,
              label: t(`usage.group.${group}`),
            })),
          },
          { name: 'from', label: t('usage.from'), type: 'date' },
          { name: 'to', label: t('usage.to'), type: 'date' },
          {
            name: 'tier',
            label: t('usage.tier'),
            options: [
              { value: '', label: t('usage.allTiers') },
              ...LIMITED_TIERS.map((tier) => ({ value: tier, label: t(`tier.${tier}`) })),
            ],
          },
          { name: 'model', label: t('usage.model'), placeholder: 'gpt-4o' },
        ]}
        submitLabel={t('usage.apply')}
        onApply={apply}
      >
        <a className="btn-outline" href={usageCsvUrl(filters)} download>
          <Download size={16} aria-hidden="true" />
          {t('usage.csv')}
        </a>
      </FilterForm>
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
                        {withoutUser(row) ? t('usage.withoutUser') : row.label}
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
