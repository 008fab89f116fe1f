import { queryOptions } from '@tanstack/react-query';
import { getJson, HttpError } from '#client/lib/http.ts';
import { isModelAllowedForTier, MODELS } from '#shared/models/model-ids.ts';
import { effectiveTier } from '#shared/plans/tiers.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';
import type { ModelList } from '#shared/models/model-schemas.ts';

/** A model as the settings screen lists it. */
export interface ModelChoice {
  id: string;
  name: string;
  /** The user's plan includes it (spec 01-core §6). */
  allowed: boolean;
  /** Its provider is configured on this server ('offline' is the built-in offline assistant). */
  available: boolean;
}

/** The catalogue and tier rules of src/shared, for a server that does not list models yet. */
function modelsFromCatalogue(user: PublicUser): ModelChoice[] {
  const tier = user.isAdmin ? 'ultimate' : effectiveTier(user);
  return MODELS.map((model) => ({
    id: model.id,
    name: model.name,
    allowed: isModelAllowedForTier(model.id, tier),
    available: true,
  }));
}

/** GET /api/models (the chat engine's catalogue, with what the caller may use). */
export const modelsQueryOptions = (user: PublicUser | null) =>
  queryOptions({
    queryKey: ['models', user?.id ?? null],
    enabled: user !== null,
    queryFn: async (): Promise<ModelChoice[]> => {
      try {
        const answer = await getJson<ModelList>('/api/models');
        if (answer?.models) {
          return answer.models.map((model) => ({
            id: model.id,
            name: model.name,
            allowed: model.allowed,
            available: model.available,
          }));
        }
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 404)) throw error;
      }
      return modelsFromCatalogue(user!);
    },
  });
