import { useTranslation } from 'react-i18next';
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
  if (rows.length === 0) return <p className="text-muted">{t('none')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-muted">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="py-2 pr-4 font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-line">
              {row.cells.map((cell, index) => (
                <td key={index} className="py-2 pr-4">
                  {index === 0 ? <code>{cell}</code> : cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
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
