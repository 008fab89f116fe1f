import type { AdminUser } from '#shared/admin/admin-users-schemas.ts';
import type { Brand } from '#shared/omnichannel/brand-schemas.ts';
import { fakeServer, settingsBody, userBody } from './fake-server.ts';

export const BRAND_ID = '7d1e6c1a-3b1f-4c38-9a55-0f3e2b7a9c11';
export const STAMP = '2026-11-20T09:30:00.000Z';

/** The inbox stream: quiet unless a test says otherwise. */
export const QUIET_STREAM = { status: 200, sse: '' };

/** A brand with the spec's default limits, as the API answers it. */
export function brandBody(overrides: Partial<Brand> = {}): Brand {
  return {
    brandId: BRAND_ID,
    name: 'Acme',
    description: null,
    logo: null,
    primaryColor: null,
    voice: null,
    signatureEmail: null,
    signatureChat: null,
    legalDisclaimer: null,
    autoReplyEnabled: true,
    maxAutopilotAmount: '1000.00',
    maxDiscountPercent: '5.00',
    slaResponseMinutes: 120,
    isActive: true,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

/** An administrator as the admin users list answers it. */
export function adminUserBody(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    username: 'anna',
    displayName: 'Anna',
    email: null,
    isAdmin: true,
    subscriptionTier: 'free',
    effectiveTier: 'free',
    subscriptionExpiry: null,
    status: 'active',
    createdAt: STAMP,
    ...overrides,
  };
}

/** The fake API for a signed-in administrator on /omnichannel; `routes` add or replace answers. */
export function omnichannelAdminServer(routes: Parameters<typeof fakeServer>[0]) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
    'GET /api/omnichannel/inbox/stream': QUIET_STREAM,
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    // The assignees: the signed-in administrator alone unless a test says otherwise.
    'GET /api/admin/users': { status: 200, body: { items: [adminUserBody()], nextCursor: null } },
    ...routes,
  });
}
