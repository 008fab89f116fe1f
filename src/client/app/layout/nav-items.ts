import {
  Code2,
  Crown,
  Gift,
  History,
  Home,
  LayoutDashboard,
  MessageSquarePlus,
  MessagesSquare,
  Settings,
  Sparkles,
  Wand2,
  type LucideIcon,
} from 'lucide-react';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';

export interface NavItem {
  key: string;
  to: string;
  icon: LucideIcon;
  /** Translation key in common.json. */
  label: string;
  /** The sidebar's "New chat" forces a full page load (spec 01-core §2). */
  reload?: boolean;
  isActive: (pathname: string) => boolean;
}

const exact = (path: string) => (pathname: string) => pathname === path;
const under = (path: string) => (pathname: string) =>
  pathname === path || pathname.startsWith(`${path}/`);

const ITEMS = {
  home: { key: 'home', to: '/', icon: Home, label: 'nav.home', isActive: exact('/') },
  newChat: {
    key: 'newChat',
    to: '/chat',
    icon: MessageSquarePlus,
    label: 'nav.newChat',
    reload: true,
    isActive: under('/chat'),
  },
  history: {
    key: 'history',
    to: '/history',
    icon: History,
    label: 'nav.history',
    isActive: under('/history'),
  },
  // Highlighted for any path starting with /persona (spec 01-core §2).
  personas: {
    key: 'personas',
    to: '/personas',
    icon: Sparkles,
    label: 'nav.personas',
    isActive: (pathname: string) => pathname.startsWith('/persona'),
  },
  codehub: {
    key: 'codehub',
    to: '/codehub',
    icon: Code2,
    label: 'nav.codehub',
    isActive: (pathname: string) =>
      under('/codehub')(pathname) && !pathname.startsWith('/codehub/website-builder'),
  },
  websiteBuilder: {
    key: 'websiteBuilder',
    to: '/codehub/website-builder',
    icon: Wand2,
    label: 'nav.websiteBuilder',
    isActive: under('/codehub/website-builder'),
  },
  omnichannel: {
    key: 'omnichannel',
    to: '/omnichannel',
    icon: MessagesSquare,
    label: 'nav.omnichannel',
    isActive: under('/omnichannel'),
  },
  subscription: {
    key: 'subscription',
    to: '/subscription',
    icon: Crown,
    label: 'nav.subscription',
    isActive: under('/subscription'),
  },
  referral: {
    key: 'referral',
    to: '/referral',
    icon: Gift,
    label: 'nav.referral',
    isActive: under('/referral'),
  },
  admin: {
    key: 'admin',
    to: '/admin',
    icon: LayoutDashboard,
    label: 'nav.admin',
    isActive: under('/admin'),
  },
  settings: {
    key: 'settings',
    to: '/settings',
    icon: Settings,
    label: 'nav.settings',
    isActive: under('/settings'),
  },
} satisfies Record<string, NavItem>;

/** The sidebar's list by role (spec 01-core §2 "Navigation list"). */
export function sidebarItems(user: PublicUser | null): NavItem[] {
  const signedIn = user !== null;
  const admin = user?.isAdmin === true;
  return [
    ITEMS.home,
    ITEMS.newChat,
    ITEMS.history,
    ITEMS.personas,
    ITEMS.codehub,
    ITEMS.websiteBuilder,
    ...(admin ? [ITEMS.omnichannel] : []),
    ...(signedIn ? [ITEMS.subscription, ITEMS.referral] : []),
    ...(admin ? [ITEMS.admin] : []),
    ITEMS.settings,
  ];
}

/** The signed-in drawer's links around its conversation list (spec 01-core §2). */
export const DRAWER_TOP: NavItem[] = [ITEMS.home, ITEMS.newChat];
export const DRAWER_BOTTOM: NavItem[] = [
  ITEMS.personas,
  ITEMS.websiteBuilder,
  ITEMS.codehub,
  ITEMS.subscription,
  ITEMS.settings,
];
