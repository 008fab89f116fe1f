import { hasActiveSubscription, type SubscriptionState } from '#shared/plans/tiers.ts';

export interface PersonaUser extends SubscriptionState {
  id: number;
  isAdmin: boolean;
}

export interface PersonaOwnership {
  /** Owner of a custom persona; null for a built-in one. */
  userId: number | null;
  isDefault: boolean;
}

/**
 * Premium persona access: an active paid subscription or an administrator (spec 01-core §6;
 * no id/username shortcuts, docs/decisions/003-premium-access.md). Such users see every
 * built-in persona and may create, edit and delete their own.
 */
export function hasPremiumPersonaAccess(user: PersonaUser, now = new Date()): boolean {
  return user.isAdmin || hasActiveSubscription(user, now);
}

/**
 * Whether a persona may be listed, chosen as default or chatted with. The free plan has only
 * the default built-in persona (Persona42); a lapsed subscription hides the user's own ones
 * until it is renewed. Other users' personas are never usable.
 */
export function canUsePersona(
  user: PersonaUser,
  persona: PersonaOwnership,
  now = new Date(),
): boolean {
  const premium = hasPremiumPersonaAccess(user, now);
  if (persona.userId === null) return premium || persona.isDefault;
  return persona.userId === user.id && premium;
}
