import type { z } from 'zod';
import { loadCatalogue } from '#server/ai/model-catalogue.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { forbidden, invalid, notFound } from '#shared/errors/app-error.ts';
import type { PersonaUser } from '#shared/personas/persona-access.ts';
import { accessTier, isTierAtLeast } from '#shared/plans/tiers.ts';
import {
  FontSizeSchema,
  LanguageSchema,
  normalizeAccentColor,
  ResponseLengthSchema,
  SETTINGS_DEFAULTS,
  ThemeSchema,
  type Settings,
  type UpdateSettings,
} from '#shared/settings/settings-schemas.ts';
import { isUsablePersona } from '#server/ports/ownership.ts';
import { findSettings, upsertSettings, userExists, type SettingsRow } from './settings.queries.ts';

type StoredSettings = Omit<SettingsRow, 'id' | 'updatedAt'>;
/** The signed-in user as far as settings rules need it. */
type Actor = PersonaUser;

function pick<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/**
 * A stored value outside today's option lists reads as the default instead of breaking the screen.
 * No stored model (the user never chose one) reads as the administrator's default model.
 */
function toSettings(row: StoredSettings, defaultModel: string): Settings {
  return {
    userId: row.userId,
    theme: pick(ThemeSchema, row.theme, SETTINGS_DEFAULTS.theme),
    accentColor: normalizeAccentColor(row.accentColor),
    fontSize: pick(FontSizeSchema, row.fontSize, SETTINGS_DEFAULTS.fontSize),
    responseLength: pick(
      ResponseLengthSchema,
      row.responseLength,
      SETTINGS_DEFAULTS.responseLength,
    ),
    aiModel: row.aiModel ?? defaultModel,
    defaultPersona: row.defaultPersona,
    defaultPersonaId: row.defaultPersona,
    animationsEnabled: row.animationsEnabled,
    language: pick(LanguageSchema, row.language, SETTINGS_DEFAULTS.language),
  };
}

/** A user without a settings row (e.g. created before registration wrote one) reads the defaults. */
export async function getSettings(
  db: Executor,
  userId: number,
  defaultModel: string,
): Promise<Settings> {
  const row = await findSettings(db, userId);
  return toSettings(row ?? { userId, ...SETTINGS_DEFAULTS, aiModel: null }, defaultModel);
}

/** Own settings, or any user's for an administrator; everyone else is refused. */
export async function getSettingsFor(
  db: Executor,
  actor: Actor,
  userId: number,
  defaultModel: string,
) {
  if (userId !== actor.id) {
    if (!actor.isAdmin) throw forbidden('You may only read your own settings');
    if (!(await userExists(db, userId))) throw notFound('User not found');
  }
  return getSettings(db, userId, defaultModel);
}

/**
 * The default model must be an enabled model of the catalogue (built in or added by an
 * administrator, as GET /api/models lists it) that the user's access tier covers (spec §6;
 * administrators count as Ultimate, docs/decisions/007-access-tier.md).
 */
async function requireSelectableModel(db: Database, actor: Actor, modelId: string) {
  const model = (await loadCatalogue(db)).get(modelId);
  if (!model || !model.enabled) {
    throw invalid('Unknown AI model', { aiModel: [`No model with the id '${modelId}'`] });
  }
  if (!isTierAtLeast(accessTier(actor), model.minTier)) {
    throw forbidden(`${model.name} is not available on your plan`);
  }
}

/**
 * Only the owner changes settings, administrators included (spec 01-core §7 PATCH is the
 * user's own call). The model must be one the user may pick and the default persona one they
 * may use.
 */
export async function updateSettings(
  db: Database,
  actor: Actor,
  userId: number,
  patch: UpdateSettings,
  defaultModel: string,
): Promise<Settings> {
  if (userId !== actor.id) throw forbidden('You may only change your own settings');

  if (patch.aiModel !== undefined) await requireSelectableModel(db, actor, patch.aiModel);

  if (patch.defaultPersona !== undefined && patch.defaultPersona !== null) {
    if (!(await isUsablePersona(db, actor, patch.defaultPersona))) {
      throw invalid('This persona is not available', {
        defaultPersona: ['This persona does not exist or is not available on your plan'],
      });
    }
  }

  const row = await upsertSettings(db, userId, patch);
  return toSettings(row, defaultModel);
}
