import { ShieldAlert } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthChecking } from '#client/app/page-loading.tsx';
import { useUser } from '#client/lib/api/get-user.ts';

/** Whether this document has left the page it opened on (its history's first entry). */
let leftFirstPage = false;

/**
 * The user is fetched again whenever the path changes (spec 01-core §2 "Protected-route
 * behaviour"). On the page the app opened on, the app's own first fetch of the user (main.tsx)
 * is that check; a fetch still under way is joined, not restarted.
 */
function useUserCheckedPerPath() {
  const query = useUser();
  const { pathname, key } = useLocation();
  const { refetch } = query;
  useEffect(() => {
    if (key !== 'default') leftFirstPage = true;
    if (leftFirstPage) void refetch({ cancelRefetch: false });
  }, [pathname, key, refetch]);
  return query;
}

/** Guests still see the page, with this bar at the bottom (spec 01-core §2). */
export function GuestBar() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('guestBar.label')}
      className="sticky bottom-0 z-20 mt-8 flex flex-wrap items-center gap-3 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('guestBar.title')}</p>
        <p className="text-sm text-muted">{t('guestBar.text')}</p>
      </div>
      <Link to="/auth" className="btn-primary">
        {t('guestBar.login')}
      </Link>
    </aside>
  );
}

/** A route that needs a login to be used; guests see it with the bottom bar. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUserCheckedPerPath();
  if (isLoading) return <AuthChecking />;
  return (
    <div className="flex min-h-full flex-col">
      <div className="flex-1">{children}</div>
      {user ? null : <GuestBar />}
    </div>
  );
}

/** Spec 01-core §2: the refusal a non-admin sees on an admin route. */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full items-center justify-center p-6">
      <div className="card max-w-md text-center">
        <ShieldAlert size={40} className="mx-auto mb-3 text-danger" aria-hidden="true" />
        <h1 className="mb-2 text-2xl font-bold">{t('adminDenied.title')}</h1>
        <p className="mb-6 text-muted">{t('adminDenied.text')}</p>
        <Link to="/" className="btn-primary">
          {t('adminDenied.backHome')}
        </Link>
      </div>
    </div>
  );
}

/** Admin routes: administrators only; everyone else gets the refusal. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUserCheckedPerPath();
  if (isLoading) return <AuthChecking />;
  if (!user?.isAdmin) {
    return (
      <div className="flex min-h-full flex-col">
        <div className="flex-1">
          <AccessDenied />
        </div>
        {user ? null : <GuestBar />}
      </div>
    );
  }
  return <>{children}</>;
}
