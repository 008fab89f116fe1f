import { queryOptions } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';

/** A model as the settings screen lists it. */
export interface ModelChoice {
  id: string;
  name: string;
  /** The user's plan includes it (spec 01-core §6). */
  allowed: boolean;
  /** Its provider is configured on this server ('offline' is the built-in offline assistant). */
  available: boolean;
}

/** GET /api/models (the chat engine's catalogue, with what the caller may use). */
export const modelsQueryOptions = (user: PublicUser | null) =>
  queryOptions({
    queryKey: ['models', user?.id ?? null],
    enabled: user !== null,
    queryFn: async (): Promise<ModelChoice[]> => {
      const answer = await getJson('/api/models', (s) => s.ModelListSchema);
      return (answer?.models ?? []).map((model) => ({
        id: model.id,
        name: model.name,
        allowed: model.allowed,
        available: model.available,
      }));
    },
  });
