import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '#client/app/error-boundary.tsx';
import { MaintenanceBanner } from '#client/app/layout/maintenance-banner.tsx';
import { MobileNav } from '#client/app/layout/mobile-nav.tsx';
import { Sidebar } from '#client/app/layout/sidebar.tsx';
import { Starfield } from '#client/app/layout/starfield.tsx';
import { useViewportHeight } from '#client/app/layout/use-viewport-height.ts';
import { PageLoading } from '#client/app/page-loading.tsx';
import { useSessionEnd } from '#client/app/use-session-end.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import { useConversations, useConversationsRefresh } from '#client/lib/api/get-conversations.ts';
import { useApplySettings, useSettings } from '#client/features/settings/use-settings.ts';
import { resolveTheme } from '#client/lib/appearance.ts';
import { useToasts } from '#client/components/ui/toast-store.ts';

// Radix Toast loads with the first notification; the first screen does not need it.
const Toaster = lazy(() =>
  import('#client/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })),
);

/** True from the first toast on, so the toast area stays mounted afterwards. */
function useHasToasted() {
  const toasts = useToasts();
  const [hasToasted, setHasToasted] = useState(false);
  if (toasts.length > 0 && !hasToasted) setHasToasted(true);
  return hasToasted || toasts.length > 0;
}

/** The shell around every page (spec 01-core §2 "Layout"). */
export function AppLayout() {
  const { t } = useTranslation();
  const { user } = useUser();
  const conversations = useConversations(user?.id ?? null);
  useConversationsRefresh(user?.id ?? null);
  const { appearance } = useSettings();
  const location = useLocation();
  const hasToasted = useHasToasted();
  useApplySettings();
  useViewportHeight();
  useSessionEnd();
  // The chat route's content area takes the full height and does not scroll itself.
  const isChat = location.pathname === '/chat' || location.pathname.startsWith('/chat/');
  const dark =
    resolveTheme(
      appearance.theme,
      window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? true,
    ) === 'dark';

  return (
    <div className="app-shell flex flex-col overflow-hidden md:flex-row">
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <Starfield enabled={appearance.animationsEnabled} dark={dark} />
      <MaintenanceBanner />
      <Sidebar user={user} conversations={conversations} />
      <MobileNav user={user} conversations={conversations} />
      <main
        id="main"
        tabIndex={-1}
        className={`relative min-h-0 min-w-0 flex-1 ${isChat ? 'overflow-hidden' : 'overflow-y-auto'}`}
      >
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {hasToasted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}
