import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { PageLoading } from '#client/app/page-loading.tsx';
import { ADMIN_AREAS } from './admin-areas.ts';

/** Every /admin screen: the areas as a navigation bar above the screen itself. */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 p-4 sm:p-6">
      <nav aria-label={t('nav')} className="overflow-x-auto">
        <ul className="flex gap-1 whitespace-nowrap">
          {ADMIN_AREAS.map(({ path, icon: Icon, label }) => (
            <li key={label}>
              <NavLink
                to={path ? `/admin/${path}` : '/admin'}
                end={!path}
                className={({ isActive }) =>
                  `flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm ${
                    isActive
                      ? 'bg-surface-2 font-semibold text-fg'
                      : 'text-muted hover:bg-surface-2'
                  }`
                }
              >
                <Icon size={16} aria-hidden="true" />
                {t(`areas.${label}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
