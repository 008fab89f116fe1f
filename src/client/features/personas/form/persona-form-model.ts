import type { Language } from '#shared/settings/settings-schemas.ts';
import {
  DEFAULT_PERSONA_COLOR,
  DEFAULT_PERSONA_ICON,
  TRANSLATION_FIELDS,
  type CreatePersonaInput,
  type Persona,
  type TranslationField,
  type UpdatePersonaInput,
} from '#shared/personas/persona-schemas.ts';

/** 'create', a full 'edit', or 'translations': only the translations change (spec 01-core §2). */
export type PersonaFormMode = 'create' | 'edit' | 'translations';

export type RequiredField = 'name' | 'description' | 'systemPrompt';
export const REQUIRED_FIELDS: readonly RequiredField[] = ['name', 'description', 'systemPrompt'];

export interface PersonaFormValues extends Record<TranslationField, string> {
  name: string;
  description: string;
  systemPrompt: string;
  icon: string;
  color: string;
  language: Language;
}

/** The translated languages, paired with the suffix of their fields (nameDe, …). */
export const TRANSLATION_LANGUAGES = [
  ['de', 'De'],
  ['zh', 'Zh'],
  ['mk', 'Mk'],
  ['sq', 'Sq'],
  ['ko', 'Ko'],
] as const;

export function initialValues(persona: Persona | null, language: Language): PersonaFormValues {
  const translations = Object.fromEntries(
    TRANSLATION_FIELDS.map((field) => [field, persona?.[field] ?? '']),
  ) as Record<TranslationField, string>;
  return {
    name: persona?.name ?? '',
    description: persona?.description ?? '',
    systemPrompt: persona?.systemPrompt ?? '',
    icon: persona?.icon ?? DEFAULT_PERSONA_ICON,
    color: persona?.color ?? DEFAULT_PERSONA_COLOR,
    language: (persona?.language as Language | undefined) ?? language,
    ...translations,
  };
}

/** The required fields left blank (spec 01-core §5). */
export function missingFields(values: PersonaFormValues): RequiredField[] {
  return REQUIRED_FIELDS.filter((field) => values[field].trim() === '');
}

const translationsOf = (values: PersonaFormValues) =>
  Object.fromEntries(
    TRANSLATION_FIELDS.map((field) => [field, values[field].trim() || null]),
  ) as Record<TranslationField, string | null>;

export function toCreateInput(values: PersonaFormValues): CreatePersonaInput {
  return {
    name: values.name,
    description: values.description,
    systemPrompt: values.systemPrompt,
    icon: values.icon,
    color: values.color,
    language: values.language,
    ...translationsOf(values),
  };
}

/**
 * The PATCH body with only what changed, or null when nothing did (then the form says
 * 'No Changes' instead of sending). Translation mode sends translations only.
 */
export function toUpdateInput(
  persona: Persona,
  values: PersonaFormValues,
  mode: 'edit' | 'translations',
): UpdatePersonaInput | null {
  const changes: Record<string, string | null> = {};
  for (const [field, value] of Object.entries(translationsOf(values))) {
    if ((persona[field as TranslationField] ?? null) !== value) changes[field] = value;
  }
  if (mode === 'translations') {
    return Object.keys(changes).length === 0 ? null : { translationOnly: true, ...changes };
  }
  for (const field of ['name', 'description', 'systemPrompt', 'icon', 'color'] as const) {
    const value = values[field].trim();
    if (value !== persona[field]) changes[field] = value;
  }
  if (values.language !== persona.language) changes.language = values.language;
  return Object.keys(changes).length === 0 ? null : changes;
}
