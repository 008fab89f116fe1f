import { useTranslation } from 'react-i18next';
import { DataTable } from '#client/components/ui/data-table.tsx';
import type { FirstTokenStats, RouteStats } from '#shared/admin/performance-schemas.ts';

function Table({
  label,
  headers,
  rows,
}: {
  label: string;
  headers: string[];
  rows: { key: string; cells: (string | number)[] }[];
}) {
  const { t } = useTranslation('adminPerformance');
  // The first cell names the route or model: shown as code.
  const shown = rows.map(({ key, cells: [first, ...rest] }) => ({
    key,
    cells: [<code key="name">{first}</code>, ...rest],
  }));
  return <DataTable label={label} headers={headers} rows={shown} empty={t('none')} />;
}

export function RouteTable({
  routes,
  format,
}: {
  routes: RouteStats[];
  format: (n: number) => string;
}) {
  const { t } = useTranslation('adminPerformance');
  return (
    <Table
      label={t('routes.title')}
      headers={[
        t('routes.route'),
        t('routes.count'),
        t('routes.perMinute'),
        t('routes.p50'),
        t('routes.p95'),
        t('routes.serverErrors'),
      ]}
      rows={routes.map((route) => ({
        key: `${route.method} ${route.route}`,
        cells: [
          `${route.method} ${route.route}`,
          format(route.count),
          format(route.perMinute),
          t('ms', { value: format(route.p50Ms) }),
          t('ms', { value: format(route.p95Ms) }),
          format(route.serverErrors),
        ],
      }))}
    />
  );
}

export function FirstTokenTable({
  models,
  format,
}: {
  models: FirstTokenStats[];
  format: (n: number) => string;
}) {
  const { t } = useTranslation('adminPerformance');
  return (
    <Table
      label={t('firstToken.title')}
      headers={[t('firstToken.model'), t('routes.count'), t('routes.p50'), t('routes.p95')]}
      rows={models.map((model) => ({
        key: model.model,
        cells: [
          model.model,
          format(model.count),
          t('ms', { value: format(model.p50Ms) }),
          t('ms', { value: format(model.p95Ms) }),
        ],
      }))}
    />
  );
}
