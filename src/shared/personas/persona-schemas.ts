import { z } from 'zod';
import { LanguageSchema } from '#shared/settings/settings-schemas.ts';
import { textSchema } from '#shared/validation/database-input.ts';

/** Persona API bodies and responses (spec 01-core §3 Persona, §5 validation, §7). */

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const SYSTEM_PROMPT_MAX = 10_000;

/** Exact texts of spec 01-core §5. */
export const PERSONA_MESSAGES = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  systemPromptRequired: 'System prompt is required',
  requiredFields: 'Please fill in all required fields',
  noChanges: 'No Changes',
  noTranslationChanges: "You haven't made any changes to the translations",
} as const;

export const REQUIRED_FIELD_MESSAGES: readonly string[] = [
  PERSONA_MESSAGES.nameRequired,
  PERSONA_MESSAGES.descriptionRequired,
  PERSONA_MESSAGES.systemPromptRequired,
];

/** Translated languages; the base fields are in the persona's own language. */
export const TRANSLATION_SUFFIXES = ['De', 'Zh', 'Mk', 'Sq', 'Ko'] as const;
export const TRANSLATION_FIELDS = TRANSLATION_SUFFIXES.flatMap(
  (suffix) => [`name${suffix}`, `description${suffix}`, `systemPrompt${suffix}`] as const,
);
export type TranslationField = (typeof TRANSLATION_FIELDS)[number];

const requiredText = (message: string, max: number) =>
  textSchema({ error: (issue) => (issue.input == null ? message : 'Must be text') })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters`);

/** An optional translation: blank text clears it (stored as null). */
const translation = (max: number) =>
  textSchema()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null))
    .optional();

const translationShape = {
  nameDe: translation(NAME_MAX),
  nameZh: translation(NAME_MAX),
  nameMk: translation(NAME_MAX),
  nameSq: translation(NAME_MAX),
  nameKo: translation(NAME_MAX),
  descriptionDe: translation(DESCRIPTION_MAX),
  descriptionZh: translation(DESCRIPTION_MAX),
  descriptionMk: translation(DESCRIPTION_MAX),
  descriptionSq: translation(DESCRIPTION_MAX),
  descriptionKo: translation(DESCRIPTION_MAX),
  systemPromptDe: translation(SYSTEM_PROMPT_MAX),
  systemPromptZh: translation(SYSTEM_PROMPT_MAX),
  systemPromptMk: translation(SYSTEM_PROMPT_MAX),
  systemPromptSq: translation(SYSTEM_PROMPT_MAX),
  systemPromptKo: translation(SYSTEM_PROMPT_MAX),
} satisfies Record<TranslationField, z.ZodType>;

/** A lucide-react icon name in kebab case, e.g. 'sparkles', 'pen-line'. */
export const PersonaIconSchema = textSchema()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Icon must be an icon name such as "sparkles"')
  .max(64);
export const PersonaColorSchema = textSchema().regex(
  /^#(?:[0-9a-fA-F]{3}){1,2}$/,
  'Colour must be a hex code such as #a855f7',
);

export const DEFAULT_PERSONA_ICON = 'bot';
export const DEFAULT_PERSONA_COLOR = '#a855f7';

const baseShape = {
  name: requiredText(PERSONA_MESSAGES.nameRequired, NAME_MAX),
  description: requiredText(PERSONA_MESSAGES.descriptionRequired, DESCRIPTION_MAX),
  systemPrompt: requiredText(PERSONA_MESSAGES.systemPromptRequired, SYSTEM_PROMPT_MAX),
  icon: PersonaIconSchema.optional(),
  color: PersonaColorSchema.optional(),
  language: LanguageSchema.optional(),
};

/** POST /api/personas. isDefault is not settable: a user's default lives in their settings. */
export const CreatePersonaSchema = z.strictObject({ ...baseShape, ...translationShape });
export type CreatePersonaInput = z.input<typeof CreatePersonaSchema>;
export type CreatePersona = z.output<typeof CreatePersonaSchema>;

/** PATCH /api/personas/:id, full edit: any subset of the fields, at least one. */
const PersonaEditSchema = z.strictObject({
  translationOnly: z.literal(false).optional(),
  name: baseShape.name.optional(),
  description: baseShape.description.optional(),
  systemPrompt: baseShape.systemPrompt.optional(),
  icon: baseShape.icon,
  color: baseShape.color,
  language: baseShape.language,
  ...translationShape,
});

/** PATCH /api/personas/:id, translation-only mode (spec §2): the main fields stay unchanged. */
const PersonaTranslationEditSchema = z.strictObject({
  translationOnly: z.literal(true),
  ...translationShape,
});

export const UpdatePersonaSchema = z.discriminatedUnion('translationOnly', [
  PersonaTranslationEditSchema,
  PersonaEditSchema,
]);
export type UpdatePersonaInput = z.input<typeof UpdatePersonaSchema>;
export type UpdatePersona = z.output<typeof UpdatePersonaSchema>;

const nullableText = z.string().nullable();
const translationOutputShape = Object.fromEntries(
  TRANSLATION_FIELDS.map((field) => [field, nullableText]),
) as Record<TranslationField, typeof nullableText>;

export const PersonaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  systemPrompt: z.string(),
  icon: z.string(),
  color: z.string(),
  isDefault: z.boolean(),
  /** True for a user's own persona, false for a built-in one. */
  isCustom: z.boolean(),
  /** The owner; null for built-in personas. */
  userId: z.number().int().nullable(),
  language: z.string(),
  createdAt: z.string(),
  ...translationOutputShape,
});
export type Persona = z.infer<typeof PersonaSchema>;

/** A persona's instructions to the model, in its own language and each translation. */
export const SYSTEM_PROMPT_FIELDS = [
  'systemPrompt',
  ...TRANSLATION_SUFFIXES.map((suffix) => `systemPrompt${suffix}` as const),
] as const;
export type SystemPromptField = (typeof SYSTEM_PROMPT_FIELDS)[number];

/** The user's own persona as listed: every field, so the form edits it from the list. */
export const CustomPersonaSchema = PersonaSchema.extend({ isCustom: z.literal(true) });
export type CustomPersona = z.infer<typeof CustomPersonaSchema>;
/**
 * A built-in persona as listed: without its system prompts. Only the server uses them, no
 * screen shows them and nobody edits them; in six languages they were three quarters of a
 * subscriber's list (decision 303).
 */
export const BuiltinPersonaSchema = PersonaSchema.omit(
  Object.fromEntries(SYSTEM_PROMPT_FIELDS.map((field) => [field, true])) as Record<
    SystemPromptField,
    true
  >,
).extend({ isCustom: z.literal(false) });
export type BuiltinPersona = z.infer<typeof BuiltinPersonaSchema>;
export const PersonaListItemSchema = z.discriminatedUnion('isCustom', [
  CustomPersonaSchema,
  BuiltinPersonaSchema,
]);
export type PersonaListItem = z.infer<typeof PersonaListItemSchema>;
export const PersonaListSchema = z.array(PersonaListItemSchema);
export type PersonaList = z.infer<typeof PersonaListSchema>;

/** Path parameter of /api/personas/:id. */
export const PersonaParamsSchema = z.object({
  id: textSchema()
    .regex(/^\d{1,9}$/, 'Persona id must be a positive number')
    .transform(Number),
});
