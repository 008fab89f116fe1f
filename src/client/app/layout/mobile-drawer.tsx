import { BadgeEuro, Home, LogIn, LogOut, Sparkle, UserPlus, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '#client/app/layout/logo.tsx';
import { NavLinkItem } from '#client/app/layout/nav-link-item.tsx';
import { DRAWER_BOTTOM, DRAWER_TOP } from '#client/app/layout/nav-items.ts';
import { ConversationTitle } from '#client/app/layout/recent-conversations.tsx';
import { useNativeModal } from '#client/components/ui/use-native-modal.ts';
import { useLogout } from '#client/features/auth/api/auth-mutations.ts';
import type { ConversationList } from '#client/lib/api/get-conversations.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';

/** The drawer lists the latest 10 conversations, then '+N more' (spec 01-core §2, §9). */
export const DRAWER_CONVERSATIONS = 10;

const linkClass =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm text-fg hover:bg-surface-2';

function GuestLinks() {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-0.5">
      <li>
        <Link to="/" className={linkClass}>
          <Home size={18} aria-hidden="true" />
          {t('nav.home')}
        </Link>
      </li>
      <li>
        <Link to="/features" className={linkClass}>
          <Sparkle size={18} aria-hidden="true" />
          {t('nav.features')}
        </Link>
      </li>
      <li>
        <Link to="/pricing" className={linkClass}>
          <BadgeEuro size={18} aria-hidden="true" />
          {t('nav.pricing')}
        </Link>
      </li>
      <li>
        <Link to="/auth" className={linkClass}>
          <LogIn size={18} aria-hidden="true" />
          {t('auth.login')}
        </Link>
      </li>
      <li>
        <Link to="/auth?mode=register" className={linkClass}>
          <UserPlus size={18} aria-hidden="true" />
          {t('auth.register')}
        </Link>
      </li>
    </ul>
  );
}

function SignedInLinks({ conversations }: { conversations: ConversationList }) {
  const { t } = useTranslation();
  const logout = useLogout();
  // The shared cache's first page holds far more than 10; the total comes with it.
  const latest = conversations.conversations.slice(0, DRAWER_CONVERSATIONS);
  const more = conversations.total - latest.length;
  return (
    <ul className="flex flex-col gap-0.5">
      {DRAWER_TOP.map((item) => (
        <li key={item.key}>
          <NavLinkItem item={item} />
        </li>
      ))}
      <li>
        <h2 className="px-3 pt-2 text-xs font-semibold tracking-wide text-muted uppercase">
          {t('conversations.recent')}
        </h2>
        <ul className="max-h-[280px] overflow-y-auto" data-testid="drawer-conversations">
          {latest.map((conversation) => (
            <li key={conversation.conversationId}>
              <Link to={`/chat/${conversation.conversationId}`} className={`${linkClass} truncate`}>
                <ConversationTitle conversation={conversation} />
              </Link>
            </li>
          ))}
          {latest.length === 0 ? (
            <li className="px-3 py-2 text-sm text-muted">{t('conversations.none')}</li>
          ) : null}
          {more > 0 ? (
            <li>
              <Link to="/history" className={`${linkClass} text-muted`}>
                {t('conversations.more', { n: more })}
              </Link>
            </li>
          ) : null}
        </ul>
      </li>
      {DRAWER_BOTTOM.map((item) => (
        <li key={item.key}>
          <NavLinkItem item={item} />
        </li>
      ))}
      <li>
        <button
          type="button"
          className={`${linkClass} w-full`}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          <LogOut size={18} aria-hidden="true" />
          {t('auth.logout')}
        </button>
      </li>
    </ul>
  );
}

/**
 * The slide-in drawer (spec 01-core §2) as a native modal <dialog>: the browser traps focus, makes
 * the page behind inert and closes it on Escape; body scrolling is locked while it is open. (Radix
 * Dialog's scroll lock injects a <style> element, which our CSP refuses.) Loaded on first open.
 */
export default function MobileDrawer({
  user,
  conversations,
  open,
  onOpenChange,
}: {
  user: PublicUser | null;
  conversations: ConversationList;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const modal = useNativeModal(open, onOpenChange);

  useEffect(() => {
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  return (
    <dialog
      {...modal}
      aria-labelledby="drawer-title"
      data-testid="mobile-drawer"
      className="drawer fixed inset-y-0 left-0 m-0 h-full max-h-none flex-col gap-3 overflow-y-auto border-r border-line bg-surface p-3 text-fg open:flex md:hidden"
    >
      <div className="flex items-center gap-2">
        <Logo size={28} />
        <h2 id="drawer-title" className="font-bold">
          Orbit Chat
        </h2>
        <button
          type="button"
          className="btn-ghost ml-auto px-2"
          aria-label={t('nav.closeMenu')}
          onClick={() => onOpenChange(false)}
        >
          <X size={20} aria-hidden="true" />
        </button>
      </div>
      <nav aria-label={t('nav.main')}>
        {user ? <SignedInLinks conversations={conversations} /> : <GuestLinks />}
      </nav>
    </dialog>
  );
}
