import {
  builtinModel,
  invalidateCatalogue,
  loadCatalogue,
  type CatalogueModel,
} from '#server/ai/model-catalogue.ts';
import {
  deleteAdminModel,
  upsertAdminModel,
  type AdminModelValues,
} from '#server/ai/model-catalogue.queries.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import { invalid, notFound } from '#shared/errors/app-error.ts';
import { OFFLINE_MODEL_ID, OFFLINE_MODEL_NAMES } from '#shared/models/model-ids.ts';
import type { AdminModel, AdminModelInput, ModelList } from '#shared/models/model-schemas.ts';
import { accessTier, isTierAtLeast, type AccessState } from '#shared/plans/tiers.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';

const OFFLINE_REASON = 'No AI provider is configured on this server; the offline assistant answers';

/** GET /api/models: every enabled model with whether the caller's plan and the server allow it. */
export async function listModelsFor(
  db: Database,
  providers: AiProviders,
  user: AccessState,
  language: Language,
): Promise<ModelList> {
  const tier = accessTier(user);
  const catalogue = await loadCatalogue(db);
  const models: ModelList['models'] = [];
  for (const model of catalogue.values()) {
    if (!model.enabled) continue;
    const allowed = isTierAtLeast(tier, model.minTier);
    const status = providers.status(model.provider);
    const reason = !allowed
      ? `Requires the ${model.minTier} plan`
      : providers.offline
        ? OFFLINE_REASON
        : status.configured
          ? null
          : status.reason;
    models.push({
      id: model.id,
      name: model.name,
      provider: model.provider,
      minTier: model.minTier,
      vision: model.vision,
      contextWindow: model.contextWindow,
      allowed,
      available: status.configured,
      reason,
    });
  }
  if (providers.offline) {
    models.unshift({
      id: OFFLINE_MODEL_ID,
      name: OFFLINE_MODEL_NAMES[language],
      provider: 'offline',
      minTier: 'free',
      vision: false,
      contextWindow: 0,
      allowed: true,
      available: true,
      reason: null,
    });
  }
  return { offline: providers.offline, models };
}

function toAdminModel(model: CatalogueModel, providers: AiProviders): AdminModel {
  const status = providers.status(model.provider);
  return {
    ...model,
    configured: status.configured,
    reason: status.configured ? null : status.reason,
  };
}

export async function listAdminModels(db: Database, providers: AiProviders) {
  const catalogue = await loadCatalogue(db);
  return [...catalogue.values()].map((model) => toAdminModel(model, providers));
}

/** Replaces the admin row of a model: a built-in's omitted fields keep the built-in values. */
export async function putAdminModel(
  db: Database,
  providers: AiProviders,
  actor: AuditActor,
  modelId: string,
  input: AdminModelInput,
) {
  const base = builtinModel(modelId);
  const displayName = input.displayName ?? base?.name;
  const provider = input.provider ?? base?.provider;
  const upstreamModel = input.upstreamModel ?? base?.upstreamModel;
  if (!displayName || !provider || !upstreamModel) {
    const missing = { displayName, provider, upstreamModel };
    throw invalid(
      'A new model needs displayName, provider and upstreamModel',
      Object.fromEntries(
        Object.entries(missing)
          .filter(([, value]) => !value)
          .map(([field]) => [field, ['Required for a model that is not built in']]),
      ),
    );
  }
  const values: AdminModelValues = {
    modelId,
    displayName,
    provider,
    upstreamModel,
    minTier: input.minTier ?? base?.minTier ?? 'ultimate',
    vision: input.vision ?? base?.vision ?? false,
    contextWindow: input.contextWindow ?? base?.contextWindow ?? 8192,
    inputPricePerMillion: String(input.inputPricePerMillion ?? base?.inputPricePerMillion ?? 0),
    outputPricePerMillion: String(input.outputPricePerMillion ?? base?.outputPricePerMillion ?? 0),
    isEnabled: input.isEnabled ?? true,
  };
  const before = (await loadCatalogue(db)).get(modelId) ?? null;
  await withAudit(db, actor, 'model.update', { type: 'model', id: modelId }, async (tx, record) => {
    record.before = before;
    record.after = values;
    await upsertAdminModel(tx, values);
  });
  invalidateCatalogue(db);
  const model = (await loadCatalogue(db)).get(modelId)!;
  return toAdminModel(model, providers);
}

/** Drops the admin row: a built-in model returns to its shipped values, an added one goes away. */
export async function removeAdminModel(db: Database, actor: AuditActor, modelId: string) {
  const before = (await loadCatalogue(db)).get(modelId) ?? null;
  await withAudit(db, actor, 'model.reset', { type: 'model', id: modelId }, async (tx, record) => {
    if (!(await deleteAdminModel(tx, modelId)))
      throw notFound('No administrator entry for this model');
    record.before = before;
  });
  invalidateCatalogue(db);
}
