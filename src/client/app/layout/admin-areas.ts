import {
  Activity,
  Bot,
  Coins,
  CreditCard,
  Database,
  FileClock,
  KeyRound,
  LayoutDashboard,
  MessagesSquare,
  ScrollText,
  Settings,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** The admin area's screens (spec 02 §2, plus the audit log): path under /admin, icon, label. */
export interface AdminArea {
  /** '' is the dashboard at /admin itself. */
  path: string;
  icon: LucideIcon;
  /** Key in admin.json `areas`. */
  label: string;
}

export const ADMIN_AREAS: AdminArea[] = [
  { path: '', icon: LayoutDashboard, label: 'dashboard' },
  { path: 'performance', icon: Activity, label: 'performance' },
  { path: 'users', icon: Users, label: 'users' },
  { path: 'subscriptions', icon: CreditCard, label: 'subscriptions' },
  { path: 'conversations', icon: MessagesSquare, label: 'conversations' },
  { path: 'predefined-answers', icon: Bot, label: 'predefinedAnswers' },
  { path: 'database', icon: Database, label: 'database' },
  { path: 'security', icon: ShieldCheck, label: 'security' },
  { path: 'api-keys', icon: KeyRound, label: 'apiKeys' },
  { path: 'logs', icon: ScrollText, label: 'logs' },
  { path: 'settings', icon: Settings, label: 'settings' },
  { path: 'tokens', icon: Coins, label: 'tokens' },
  { path: 'audit-log', icon: FileClock, label: 'auditLog' },
];
