import { useTranslation } from 'react-i18next';
import type { BillingFilters as Filters } from './api/get-subscriptions.ts';

const PLANS = ['free', 'premium', 'expert', 'ultimate'];
const METHODS = ['card', 'sandbox', 'crypto', 'admin'];

/** Plan, status and method of a list; a change applies at once and starts at page one. */
export function BillingFilters({
  idPrefix,
  statuses,
  value,
  onChange,
}: {
  idPrefix: string;
  statuses: readonly string[];
  value: Filters;
  onChange: (filters: Filters) => void;
}) {
  const { t } = useTranslation('adminSubscriptions');
  const field = (name: keyof Filters, options: readonly string[], label: (o: string) => string) => (
    <label className="flex flex-col gap-1 text-sm" htmlFor={`${idPrefix}-${name}`}>
      {t(`filters.${name}`)}
      <select
        id={`${idPrefix}-${name}`}
        className="field-input"
        value={value[name] ?? ''}
        onChange={(event) => onChange({ ...value, [name]: event.target.value || undefined })}
      >
        <option value="">{t('filters.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="flex flex-wrap items-end gap-3">
      {field('plan', PLANS, (plan) => t(`plan.${plan}`))}
      {field('status', statuses, (status) => t(`status.${status}`))}
      {field('method', METHODS, (method) => t(`method.${method}`))}
    </div>
  );
}
