import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '#client/components/ui/choice-group.tsx';
import { LANGUAGE_NAMES } from '#shared/settings/language-names.ts';
import { LANGUAGES } from '#shared/settings/settings-options.ts';
import type { Language, UpdateSettingsInput } from '#shared/settings/settings-schemas.ts';

export function LanguageSection({
  language,
  update,
}: {
  language: Language;
  update: (patch: UpdateSettingsInput) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <section id="language" aria-labelledby="language-title" className="card scroll-mt-4">
      <h2 id="language-title" className="mb-5 text-xl font-semibold">
        {t('language.title')}
      </h2>
      <ChoiceGroup
        name="language"
        testId="language-choice"
        legend={t('language.legend')}
        value={language}
        onChange={(value) => update({ language: value })}
        choices={LANGUAGES.map((value) => ({
          value,
          label: <span lang={value}>{LANGUAGE_NAMES[value]}</span>,
        }))}
      />
    </section>
  );
}
