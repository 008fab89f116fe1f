import { ADMIN_AREAS } from '#client/app/layout/admin-areas.ts';
import DashboardPage from '#client/features/admin-dashboard/dashboard-page.tsx';

/** /admin: the dashboard with a link to every admin area (one lazy chunk). */
export default function AdminDashboardScreen() {
  return <DashboardPage areas={ADMIN_AREAS} />;
}
