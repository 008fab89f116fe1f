import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '#client/app/layout/logo.tsx';
import { NavLinkItem } from '#client/app/layout/nav-link-item.tsx';
import { sidebarItems } from '#client/app/layout/nav-items.ts';
import { RecentConversations } from '#client/app/layout/recent-conversations.tsx';
import { UserCard } from '#client/app/layout/user-card.tsx';
import type { ConversationList } from '#client/lib/api/get-conversations.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';

const COLLAPSED_KEY = 'orbit.sidebarCollapsed';

function readCollapsed() {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Desktop sidebar, 220 px wide or collapsed to 48 px (spec 01-core §2, §9). */
export function Sidebar({
  user,
  conversations,
}: {
  user: PublicUser | null;
  conversations: ConversationList;
}) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = () => {
    setCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      } catch {
        // Without storage the choice lasts for this page only.
      }
      return !value;
    });
  };
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed}
      style={{ width: collapsed ? 48 : 220 }}
      className="hidden h-full shrink-0 flex-col gap-3 border-r border-line bg-surface/80 py-3 backdrop-blur md:flex"
    >
      <div className={`flex items-center gap-2 ${collapsed ? 'flex-col px-1' : 'px-3'}`}>
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-lg"
          aria-label={t('nav.homeLogo')}
        >
          <Logo size={collapsed ? 28 : 32} />
          {collapsed ? null : <span className="truncate text-lg font-bold">Orbit Chat</span>}
        </Link>
        <button
          type="button"
          onClick={toggle}
          className={`btn-ghost min-h-9 px-2 ${collapsed ? '' : 'ml-auto'}`}
          aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
          aria-expanded={!collapsed}
          title={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
        >
          <ToggleIcon size={18} aria-hidden="true" />
        </button>
      </div>
      <nav aria-label={t('nav.main')} className={collapsed ? 'px-1' : 'px-2'}>
        <ul className="flex flex-col gap-0.5">
          {sidebarItems(user).map((item) => (
            <li key={item.key}>
              <NavLinkItem item={item} collapsed={collapsed} />
            </li>
          ))}
        </ul>
      </nav>
      {user && !collapsed ? (
        <RecentConversations list={conversations} userId={user.id} />
      ) : (
        <div className="flex-1" />
      )}
      <div className={`border-t border-line pt-3 ${collapsed ? 'px-1' : 'px-3'}`}>
        <UserCard user={user} collapsed={collapsed} />
      </div>
    </aside>
  );
}
