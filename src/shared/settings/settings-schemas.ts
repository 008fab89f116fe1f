import { z } from 'zod';
import { DEFAULT_MODEL_ID } from '#shared/models/model-ids.ts';
import { CatalogueModelIdSchema } from '#shared/models/model-schemas.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import {
  ACCENT_COLORS,
  APPEARANCE_DEFAULTS,
  FONT_SIZES,
  LANGUAGES,
  normalizeAccentColor,
  RESPONSE_LENGTHS,
  THEMES,
} from './settings-options.ts';

/** Option lists and defaults of spec 01-core §3/§4/§9 and 02 §9 (constants in settings-options.ts). */
export {
  ACCENT_COLOR_HEX,
  ACCENT_COLORS,
  FALLBACK_ACCENT_COLOR,
  FONT_SIZE_PX,
  FONT_SIZES,
  LANGUAGES,
  normalizeAccentColor,
  RESPONSE_LENGTHS,
  THEMES,
} from './settings-options.ts';

export const ThemeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof ThemeSchema>;

export const AccentColorSchema = z.enum(ACCENT_COLORS);
export type AccentColor = z.infer<typeof AccentColorSchema>;

export const AccentColorInputSchema = textSchema({ error: 'Accent colour must be text' })
  .max(64)
  .transform(normalizeAccentColor);

export const FontSizeSchema = z.enum(FONT_SIZES);
export type FontSize = z.infer<typeof FontSizeSchema>;

export const ResponseLengthSchema = z.enum(RESPONSE_LENGTHS);
export type ResponseLength = z.infer<typeof ResponseLengthSchema>;

/** Interface languages; German is the fallback (spec 01-core §1, §9). */
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

/** A persona reference: a number, a numeric string (spec §4 "number or numeric string") or null. */
export const PersonaRefSchema = z.union(
  [
    RowIdSchema,
    textSchema()
      .trim()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .pipe(z.number().int().positive()),
    z.null(),
  ],
  { error: 'Default persona must be a persona id or null' },
);

/** Stored defaults (spec 01-core §3); theme 'dunkel' per docs/decisions/002-default-theme.md. */
export const SETTINGS_DEFAULTS = {
  ...APPEARANCE_DEFAULTS,
  responseLength: 'balanced',
  language: 'de',
  aiModel: DEFAULT_MODEL_ID,
  defaultPersona: null,
} as const satisfies Omit<Settings, 'userId' | 'defaultPersonaId'>;

/** What GET/PATCH /api/settings answer. defaultPersonaId repeats defaultPersona (spec §7 names both). */
export const SettingsSchema = z.object({
  userId: z.number().int(),
  theme: ThemeSchema,
  accentColor: AccentColorSchema,
  fontSize: FontSizeSchema,
  responseLength: ResponseLengthSchema,
  aiModel: z.string(),
  defaultPersona: z.number().int().nullable(),
  defaultPersonaId: z.number().int().nullable(),
  animationsEnabled: z.boolean(),
  language: LanguageSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * A partial update with at least one field; unknown keys are refused. defaultPersonaId is
 * accepted as another name for defaultPersona.
 */
export const UpdateSettingsSchema = z
  .strictObject({
    theme: ThemeSchema.optional(),
    accentColor: AccentColorInputSchema.optional(),
    fontSize: FontSizeSchema.optional(),
    responseLength: ResponseLengthSchema.optional(),
    /** Any catalogue model (built in or added by an administrator); checked on the server. */
    aiModel: CatalogueModelIdSchema.optional(),
    defaultPersona: PersonaRefSchema.optional(),
    defaultPersonaId: PersonaRefSchema.optional(),
    animationsEnabled: z.boolean().optional(),
    language: LanguageSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'At least one setting must be given',
  })
  .refine(
    (patch) =>
      patch.defaultPersona === undefined ||
      patch.defaultPersonaId === undefined ||
      patch.defaultPersona === patch.defaultPersonaId,
    { message: 'defaultPersona and defaultPersonaId differ', path: ['defaultPersonaId'] },
  )
  .transform(({ defaultPersonaId, ...patch }) => ({
    ...patch,
    defaultPersona: patch.defaultPersona !== undefined ? patch.defaultPersona : defaultPersonaId,
  }));
/** What a client sends (numeric strings and hex accents allowed). */
export type UpdateSettingsInput = z.input<typeof UpdateSettingsSchema>;
export type UpdateSettings = z.output<typeof UpdateSettingsSchema>;

/** Path parameter of /api/settings/:userId. */
export const SettingsUserParamsSchema = z.object({
  userId: textSchema()
    .regex(/^\d{1,9}$/, 'User id must be a positive number')
    .transform(Number),
});
