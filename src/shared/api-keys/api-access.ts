import { AppError } from '#shared/errors/app-error.ts';
import { accessTier, isTierAtLeast, type AccessState } from '#shared/plans/tiers.ts';

/** Spec 02 §9: 'Expert and Ultimate include API access'. Pass the access tier (accessTier()). */
export function hasApiAccess(tier: string | null | undefined): boolean {
  return isTierAtLeast(tier, 'expert');
}

/** What a personal API key may do (issue #12 item 3). */
export const API_KEY_SCOPES = ['models:read', 'chat:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so scanners and people recognise one. */
export const API_KEY_PREFIX = 'sk-orbit-';

/** Expiry choices the settings screen offers; the API takes any whole number in range. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const MAX_API_KEY_DAYS = 365;
/** Active (not revoked, not expired) keys one user may hold. */
export const MAX_ACTIVE_API_KEYS = 20;

/** The 403 of a plan without API access (details.reason: the OpenAI error code). */
export function requireApiAccess(user: AccessState) {
  if (!hasApiAccess(accessTier(user))) {
    throw new AppError(
      'PERMISSION_ERROR',
      403,
      'API access is included in the Expert and Ultimate plans',
      { reason: 'plan_without_api_access' },
    );
  }
}
