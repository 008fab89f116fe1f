import type { Database } from '#server/db/client.ts';
import { MODELS, type ProviderId } from '#shared/models/model-ids.ts';
import { isSubscriptionTier, type SubscriptionTier } from '#shared/plans/tiers.ts';
import { listAdminModels, type AdminModelRow } from './model-catalogue.queries.ts';

/** A model as the chat engine uses it: the built-in catalogue merged with the ai_models rows. */
export interface CatalogueModel {
  id: string;
  name: string;
  provider: ProviderId;
  upstreamModel: string;
  minTier: SubscriptionTier;
  vision: boolean;
  contextWindow: number;
  inputPricePerMillion: number;
  outputPricePerMillion: number;
  /** A disabled model is listed to administrators only and never answers. */
  enabled: boolean;
  /** builtin: as shipped; override: a built-in changed by an admin row; custom: added by an admin. */
  origin: 'builtin' | 'override' | 'custom';
}

export type Catalogue = ReadonlyMap<string, CatalogueModel>;

/** Admin changes made on another instance show up here within this time. */
const CACHE_TTL_MS = 15_000;

const BUILTIN: Catalogue = new Map(
  MODELS.map((model) => [model.id, { ...model, enabled: true, origin: 'builtin' as const }]),
);

function fromRow(row: AdminModelRow, builtin: CatalogueModel | undefined): CatalogueModel {
  return {
    id: row.modelId,
    name: row.displayName,
    provider: row.provider as ProviderId,
    upstreamModel: row.upstreamModel,
    minTier: isSubscriptionTier(row.minTier) ? row.minTier : 'ultimate',
    vision: row.vision,
    contextWindow: row.contextWindow,
    inputPricePerMillion: Number(row.inputPricePerMillion),
    outputPricePerMillion: Number(row.outputPricePerMillion),
    enabled: row.isEnabled,
    origin: builtin ? 'override' : 'custom',
  };
}

/** Built-in models in spec order, then the administrator's own in the order they were added. */
export function mergeCatalogue(rows: readonly AdminModelRow[]): Catalogue {
  const merged = new Map(BUILTIN);
  for (const row of rows) merged.set(row.modelId, fromRow(row, BUILTIN.get(row.modelId)));
  return merged;
}

export function builtinModel(id: string): CatalogueModel | undefined {
  return BUILTIN.get(id);
}

const cache = new WeakMap<Database, { catalogue: Promise<Catalogue>; loadedAt: number }>();

/**
 * The merged catalogue, read at most every CACHE_TTL_MS per database so the chat hot path does
 * not query ai_models on every message. Admin writes on this instance invalidate at once.
 */
export function loadCatalogue(db: Database, now = Date.now()): Promise<Catalogue> {
  const entry = cache.get(db);
  if (entry && now - entry.loadedAt < CACHE_TTL_MS) return entry.catalogue;
  const catalogue = listAdminModels(db).then(mergeCatalogue);
  cache.set(db, { catalogue, loadedAt: now });
  // A failed read must not stay cached.
  catalogue.catch(() => {
    if (cache.get(db)?.catalogue === catalogue) cache.delete(db);
  });
  return catalogue;
}

export function invalidateCatalogue(db: Database) {
  cache.delete(db);
}
