import { useTranslation } from 'react-i18next';
import {
  TRANSLATION_LANGUAGES,
  type PersonaFormValues,
} from '#client/features/personas/form/persona-form-model.ts';
import { LANGUAGE_NAMES } from '#shared/settings/language-names.ts';
import { TextInput } from '#client/features/personas/form/text-input.tsx';
import { DESCRIPTION_MAX, NAME_MAX, SYSTEM_PROMPT_MAX } from '#shared/personas/persona-schemas.ts';

/**
 * Optional name, description and system prompt per interface language (spec 01-core §3
 * Persona); the language the main texts are written in needs none. Blank means "use the main
 * text".
 */
export function TranslationFields({
  values,
  set,
  open,
}: {
  values: PersonaFormValues;
  set: (field: keyof PersonaFormValues) => (value: string) => void;
  /** Expanded from the start (translation mode). */
  open: boolean;
}) {
  const { t } = useTranslation('personas');
  const languages = TRANSLATION_LANGUAGES.filter(([language]) => language !== values.language);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">{t('form.translations')}</legend>
      {languages.map(([language, suffix]) => (
        <details key={language} open={open} className="rounded-lg border border-line px-3 py-2">
          <summary className="cursor-pointer" lang={language}>
            {LANGUAGE_NAMES[language]}
          </summary>
          <div className="mt-2 flex flex-col gap-3">
            <TextInput
              label={t('form.translatedName', { language: LANGUAGE_NAMES[language] })}
              value={values[`name${suffix}`]}
              onChange={set(`name${suffix}`)}
              maxLength={NAME_MAX}
              lang={language}
            />
            <TextInput
              label={t('form.translatedDescription', { language: LANGUAGE_NAMES[language] })}
              value={values[`description${suffix}`]}
              onChange={set(`description${suffix}`)}
              rows={2}
              maxLength={DESCRIPTION_MAX}
              lang={language}
            />
            <TextInput
              label={t('form.translatedSystemPrompt', { language: LANGUAGE_NAMES[language] })}
              value={values[`systemPrompt${suffix}`]}
              onChange={set(`systemPrompt${suffix}`)}
              rows={3}
              maxLength={SYSTEM_PROMPT_MAX}
              lang={language}
            />
          </div>
        </details>
      ))}
    </fieldset>
  );
}
