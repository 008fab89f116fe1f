import { LogIn, Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '#client/app/layout/logo.tsx';
import type { ConversationList } from '#client/lib/api/get-conversations.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';

const MobileDrawer = lazy(() => import('#client/app/layout/mobile-drawer.tsx'));

/**
 * Below 768 px: a top bar with burger, logo and (for guests) a login icon; the burger opens the
 * drawer, which closes on navigation (spec 01-core §2).
 */
export function MobileNav({
  user,
  conversations,
}: {
  user: PublicUser | null;
  conversations: ConversationList;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const location = useLocation();
  // Another address closes the drawer: adjusted while rendering, not in an effect after it.
  const address = location.pathname + location.search;
  const [openedAt, setOpenedAt] = useState(address);
  if (openedAt !== address) {
    setOpenedAt(address);
    setOpen(false);
  }

  return (
    <>
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-line bg-surface/80 px-2 backdrop-blur md:hidden">
        <button
          type="button"
          className="btn-ghost px-2"
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        >
          <Menu size={22} aria-hidden="true" />
        </button>
        <Link to="/" className="flex items-center gap-2 rounded-lg" aria-label={t('nav.homeLogo')}>
          <Logo size={28} />
          <span className="font-bold">Orbit Chat</span>
        </Link>
        {user ? null : (
          <Link to="/auth" className="btn-ghost ml-auto px-2" aria-label={t('auth.login')}>
            <LogIn size={20} aria-hidden="true" />
          </Link>
        )}
      </header>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileDrawer
            user={user}
            conversations={conversations}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </>
  );
}
