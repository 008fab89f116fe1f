import { lazy, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { AppLayout } from '#client/app/layout/app-layout.tsx';
import { AdminRoute, ProtectedRoute } from '#client/app/protected-route.tsx';
import { preloadable } from '#client/app/route-preload.ts';
import { prefetchOpeningPage } from '#client/features/chat/api/opening-page.ts';
import { loadConversationChunks } from '#client/features/chat/conversation-chunks.ts';
import { FEATURE_PAGES } from '#client/features/marketing/feature-pages.ts';

// Every page is its own chunk, loaded on first visit (spec 01-core §2 "Pages load lazily").
const loadHome = () => import('#client/features/marketing/home-page.tsx');
const HomePage = lazy(loadHome);
const loadChat = () => import('#client/features/chat/chat-page.tsx');
const ChatPage = lazy(loadChat);
const loadHistory = () => import('#client/app/pages/history-screen.tsx');
const HistoryPage = lazy(loadHistory);
const PersonasPage = lazy(() => import('#client/features/personas/personas-page.tsx'));
const loadSettings = () => import('#client/features/settings/settings-page.tsx');
const SettingsPage = lazy(loadSettings);
const ApiKeysPage = lazy(() => import('#client/features/api-keys/api-keys-page.tsx'));
const loadAuth = () => import('#client/features/auth/auth-page.tsx');
const AuthPage = lazy(loadAuth);
const FeaturesPage = lazy(() => import('#client/features/marketing/features-page.tsx'));
const PricingPage = lazy(() => import('#client/features/billing/pricing-page.tsx'));
const PaymentPage = lazy(() => import('#client/features/billing/payment-page.tsx'));
const SubscriptionPage = lazy(() => import('#client/features/billing/subscription-page.tsx'));
// The QR code library comes only with this page's chunk.
const CryptoPaymentPage = lazy(
  () => import('#client/features/billing/crypto/crypto-payment-page.tsx'),
);
const CryptoPendingPage = lazy(
  () => import('#client/features/billing/crypto/crypto-pending-page.tsx'),
);
const ReferralPage = lazy(() => import('#client/features/referral/referral-page.tsx'));
const ProfilePage = lazy(() => import('#client/app/pages/profile-screen.tsx'));
const FeatureLandingPage = lazy(
  () => import('#client/features/marketing/feature-landing-page.tsx'),
);
// CodeMirror and its grammars come only with the code hub's chunks (issue 13).
const CodehubPage = lazy(() => import('#client/features/codehub/codehub-page.tsx'));
const CodehubProjectPage = lazy(() => import('#client/features/codehub/project-page.tsx'));
// Yjs and the y-websocket client come only with the live pages' chunks.
const LiveHomePage = lazy(() => import('#client/features/codehub/live/live-home-page.tsx'));
const LiveSessionPage = lazy(() => import('#client/features/codehub/live/live-session-page.tsx'));
const WebsiteBuilderPage = lazy(
  () => import('#client/features/website-builder/website-builder-page.tsx'),
);
const AdminLayout = lazy(() => import('#client/app/layout/admin-layout.tsx'));
const PredefinedAnswersPage = lazy(
  () => import('#client/features/admin-predefined-answers/predefined-answers-page.tsx'),
);
const AuditLogPage = lazy(() => import('#client/features/admin-audit/audit-log-page.tsx'));
const AdminSubscriptionsPage = lazy(
  () => import('#client/features/admin-subscriptions/subscriptions-page.tsx'),
);
const AdminConversationsPage = lazy(
  () => import('#client/features/admin-conversations/conversations-page.tsx'),
);
const PerformancePage = lazy(
  () => import('#client/features/admin-performance/performance-page.tsx'),
);
const LogsPage = lazy(() => import('#client/features/admin-logs/logs-page.tsx'));
const AdminSettingsPage = lazy(() => import('#client/features/admin-settings/settings-page.tsx'));
const AdminApiKeysPage = lazy(() => import('#client/app/pages/admin/api-keys-page.tsx'));
const AdminTokensPage = lazy(() => import('#client/features/admin-tokens/admin-tokens-page.tsx'));
const AdminDashboardScreen = lazy(() => import('#client/app/pages/admin-dashboard-screen.tsx'));
const UsersPage = lazy(() => import('#client/features/admin-users/users-page.tsx'));
const UserDetailPage = lazy(() => import('#client/features/admin-users/user-detail-page.tsx'));
const SecurityPage = lazy(() => import('#client/features/admin-security/security-page.tsx'));
const DatabasePage = lazy(() => import('#client/features/admin-database/database-page.tsx'));
const OmnichannelPage = lazy(() => import('#client/features/omnichannel/omnichannel-page.tsx'));
const NotFoundPage = lazy(() => import('#client/app/not-found-page.tsx'));

// The pages the app is most often opened on have a `handle` (route-preload.ts): their chunks and
// texts download beside the entry's first translations. A conversation also needs its list and
// its newest messages (unless a search hit's address opens it elsewhere).
const CHAT_NAMESPACES = ['chat', 'messages', 'composer'] as const;
const conversationPreload = preloadable(
  () => Promise.all([loadChat(), loadConversationChunks()]),
  CHAT_NAMESPACES,
  ({ params, query, userId }) => {
    if (params.id !== undefined && !query.has('message')) prefetchOpeningPage(params.id, userId);
  },
);

const user = (element: ReactNode) => <ProtectedRoute>{element}</ProtectedRoute>;
const admin = (element: ReactNode) => <AdminRoute>{element}</AdminRoute>;

/**
 * The admin screens (spec 02 §2) under AdminLayout, by path below /admin ('' is the dashboard).
 */
const ADMIN_PAGES: Record<string, ReactNode> = {
  '': <AdminDashboardScreen />,
  performance: <PerformancePage />,
  users: <UsersPage />,
  'users/:id': <UserDetailPage />,
  subscriptions: <AdminSubscriptionsPage />,
  conversations: <AdminConversationsPage />,
  'predefined-answers': <PredefinedAnswersPage />,
  database: <DatabasePage />,
  security: <SecurityPage />,
  'api-keys': <AdminApiKeysPage />,
  logs: <LogsPage />,
  settings: <AdminSettingsPage />,
  tokens: <AdminTokensPage />,
  'audit-log': <AuditLogPage />,
};

/** Both route tables: spec 01-core §2 and 02-commerce-and-extended §2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage />, handle: preloadable(loadHome, ['pages']) },
      {
        path: '/chat',
        element: user(<ChatPage />),
        handle: preloadable(loadChat, CHAT_NAMESPACES),
      },
      { path: '/chat/:id', element: user(<ChatPage />), handle: conversationPreload },
      {
        path: '/history',
        element: user(<HistoryPage />),
        handle: preloadable(loadHistory, ['history']),
      },
      { path: '/personas', element: user(<PersonasPage />) },
      {
        path: '/settings',
        element: user(<SettingsPage />),
        handle: preloadable(loadSettings, ['settings', 'apiKeys']),
      },
      { path: '/settings/api-keys', element: user(<ApiKeysPage />) },
      { path: '/auth', element: <AuthPage />, handle: preloadable(loadAuth, ['auth']) },
      { path: '/features', element: <FeaturesPage /> },
      ...FEATURE_PAGES.map((page) => ({
        path: `/features/${page.slug}`,
        element: <FeatureLandingPage feature={page.key} />,
      })),
      { path: '/pricing', element: <PricingPage /> },
      { path: '/subscription', element: user(<SubscriptionPage />) },
      { path: '/referral', element: user(<ReferralPage />) },
      { path: '/profile', element: user(<ProfilePage />) },
      { path: '/payment/:plan', element: user(<PaymentPage />) },
      { path: '/crypto-payment/:plan/:duration', element: user(<CryptoPaymentPage />) },
      { path: '/crypto-payment-pending', element: user(<CryptoPendingPage />) },
      { path: '/codehub', element: user(<CodehubPage />) },
      { path: '/codehub/projects/:projectId', element: user(<CodehubProjectPage />) },
      { path: '/codehub/live', element: user(<LiveHomePage />) },
      { path: '/codehub/live/:sessionId', element: user(<LiveSessionPage />) },
      { path: '/codehub/website-builder', element: user(<WebsiteBuilderPage />) },
      { path: '/omnichannel', element: admin(<OmnichannelPage />) },
      {
        path: '/admin',
        element: admin(<AdminLayout />),
        children: Object.entries(ADMIN_PAGES).map(([path, element]) =>
          path ? { path, element } : { index: true, element },
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
