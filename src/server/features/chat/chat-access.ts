import type { Catalogue, CatalogueModel } from '#server/ai/model-catalogue.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import { requireUsablePersona } from '#server/ports/ownership.ts';
import { AppError, forbidden, invalid } from '#shared/errors/app-error.ts';
import { DEFAULT_MODEL_ID } from '#shared/models/model-ids.ts';
import { canUsePersona, type PersonaUser } from '#shared/personas/persona-access.ts';
import { isTierAtLeast, type SubscriptionTier } from '#shared/plans/tiers.ts';
import type { PersonaRow } from './chat.queries.ts';

const isUsable = (model: CatalogueModel | undefined, tier: SubscriptionTier) =>
  model !== undefined && model.enabled && isTierAtLeast(tier, model.minTier);

/**
 * The model of a reply (spec 01-core §6). A model the request names must be open to the
 * user's tier: 403 otherwise, and the request leaves nothing stored. The preferences (the
 * user's stored choice, then the administrator's default model) are tried in order: if the plan
 * no longer covers one (an expired subscription), the next answers instead of refusing every
 * message, down to the built-in default and then any model the plan allows.
 */
export function resolveModel(
  catalogue: Catalogue,
  tier: SubscriptionTier,
  requested: string | undefined,
  preferred: readonly (string | undefined)[],
): CatalogueModel {
  if (requested !== undefined) {
    const model = catalogue.get(requested);
    if (!model || !model.enabled) {
      throw invalid('Unknown AI model', { model: [`No model with the id '${requested}'`] });
    }
    if (!isTierAtLeast(tier, model.minTier)) {
      throw forbidden(`${model.name} is not available on your plan`);
    }
    return model;
  }
  for (const id of [...preferred, DEFAULT_MODEL_ID]) {
    const model = id === undefined ? undefined : catalogue.get(id);
    if (isUsable(model, tier)) return model!;
  }
  const any = [...catalogue.values()].find((model) => isUsable(model, tier));
  if (!any) throw forbidden('No AI model is available on your plan');
  return any;
}

/** A model whose provider is not configured cannot answer (the offline assistant covers "none"). */
export function requireProvider(model: CatalogueModel, providers: AiProviders) {
  const status = providers.status(model.provider);
  if (!status.configured) {
    throw new AppError('API_ERROR', 503, `${model.name} is not available on this server`, {
      reason: status.reason,
    });
  }
}

/**
 * The active persona (spec 01-core §4): the one the request names, else the conversation's,
 * else the default from settings, else the built-in flagged default, else the first built-in.
 * A named persona of another user is a 404, one above the plan a 403; a stored one the user may
 * no longer use (lapsed subscription) is skipped.
 */
export function resolvePersona(
  candidates: readonly PersonaRow[],
  user: PersonaUser,
  order: { requested?: number | null; conversation?: number | null; settings?: number | null },
): PersonaRow | undefined {
  const byId = new Map(candidates.map((persona) => [persona.id, persona]));
  if (order.requested !== undefined && order.requested !== null) {
    return requireUsablePersona(user, byId.get(order.requested));
  }
  for (const id of [order.conversation, order.settings]) {
    const persona = id === undefined || id === null ? undefined : byId.get(id);
    if (persona && canUsePersona(user, persona)) return persona;
  }
  const builtins = candidates
    .filter((persona) => persona.userId === null)
    .sort((a, b) => a.id - b.id);
  return builtins.find((persona) => persona.isDefault) ?? builtins[0];
}

/** The models a tier may choose, in catalogue order (the API's model list). */
export function allowedModels(catalogue: Catalogue, tier: SubscriptionTier): CatalogueModel[] {
  return [...catalogue.values()].filter((model) => isUsable(model, tier));
}
