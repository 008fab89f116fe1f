import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '#client/components/ui/choice-group.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import type { Appearance } from '#client/lib/appearance.ts';
import {
  ACCENT_COLOR_HEX,
  ACCENT_COLORS,
  FONT_SIZE_PX,
  FONT_SIZES,
} from '#shared/settings/settings-options.ts';
import type { UpdateSettingsInput } from '#shared/settings/settings-schemas.ts';

/** The theme choices: hell and dunkel (spec buttons), system, and classic (the dark "classic" look). */
const THEME_CHOICES = ['hell', 'dunkel', 'system', 'classic'] as const;

/** Spec 01-core §2/§4: theme, accent colour, font size, animations. */
export function AppearanceSection({
  appearance,
  update,
}: {
  appearance: Appearance;
  update: (patch: UpdateSettingsInput) => void;
}) {
  const { t } = useTranslation('settings');
  // Stored 'light'/'dark' are the same looks as 'hell'/'dunkel'.
  const theme =
    appearance.theme === 'light'
      ? 'hell'
      : appearance.theme === 'dark'
        ? 'dunkel'
        : appearance.theme;

  return (
    <section id="appearance" aria-labelledby="appearance-title" className="card scroll-mt-4">
      <h2 id="appearance-title" className="mb-5 text-xl font-semibold">
        {t('appearance.title')}
      </h2>
      <div className="flex flex-col gap-6">
        <ChoiceGroup
          name="theme"
          testId="theme-choice"
          legend={t('appearance.theme')}
          value={theme}
          onChange={(value) => update({ theme: value })}
          choices={THEME_CHOICES.map((value) => ({
            value,
            label: t(`appearance.themes.${value}`),
          }))}
        />
        <ChoiceGroup
          name="accentColor"
          testId="accent-choice"
          legend={t('appearance.accentColor')}
          value={appearance.accentColor}
          onChange={(value) => update({ accentColor: value })}
          choices={ACCENT_COLORS.map((value) => ({
            value,
            label: t(`appearance.accents.${value}`),
            adornment: (
              <span
                aria-hidden="true"
                className="size-4 rounded-full"
                style={{ background: ACCENT_COLOR_HEX[value][0] }}
              />
            ),
          }))}
        />
        <ChoiceGroup
          name="fontSize"
          testId="font-size-choice"
          legend={t('appearance.fontSize')}
          value={appearance.fontSize}
          onChange={(value) => update({ fontSize: value })}
          choices={FONT_SIZES.map((value) => ({
            value,
            label: t(`appearance.fontSizes.${value}`, { px: FONT_SIZE_PX[value] }),
          }))}
        />
        <Switch
          label={t('appearance.animations')}
          description={t('appearance.animationsHint')}
          checked={appearance.animationsEnabled}
          onChange={(checked) => update({ animationsEnabled: checked })}
        />
      </div>
    </section>
  );
}
