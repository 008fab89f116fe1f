import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { NavItem } from '#client/app/layout/nav-items.ts';

/** One navigation entry; icon only (with its name as label) when the sidebar is collapsed. */
export function NavLinkItem({ item, collapsed = false }: { item: NavItem; collapsed?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = item.isActive(pathname);
  const Icon = item.icon;
  const label = t(item.label);
  return (
    <Link
      to={item.to}
      reloadDocument={item.reload}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
      title={collapsed ? label : undefined}
      className={`flex min-h-10 items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors hover:bg-surface-2 ${
        active ? 'bg-surface-2 font-semibold text-accent' : 'text-fg'
      } ${collapsed ? 'justify-center px-0' : ''}`}
    >
      <Icon size={18} aria-hidden="true" className="shrink-0" />
      {collapsed ? null : <span className="truncate">{label}</span>}
    </Link>
  );
}
