import { useTranslation } from 'react-i18next';
import { Switch } from '#client/components/ui/switch.tsx';
import { notifyError } from '#client/lib/notify.ts';
import type { AppSettings, AppSettingsPatch } from '#shared/admin/app-settings.ts';
import type { AdminModel } from '#shared/models/model-schemas.ts';
import { useUpdateAdminSettings } from './api/admin-settings-api.ts';

const SWITCHES = ['registrationOpen', 'maintenanceMode', 'adminConversationAccess'] as const;

/** Registration, maintenance, conversation access and the default model: each applies at once. */
export function GeneralSection({
  settings,
  models,
}: {
  settings: AppSettings;
  models: AdminModel[];
}) {
  const { t } = useTranslation('admin-settings');
  const update = useUpdateAdminSettings();
  const save = (patch: AppSettingsPatch) =>
    update.mutate(patch, { onError: (error) => notifyError(error) });
  const choices = models.filter((model) => model.enabled || model.id === settings.defaultModel);

  return (
    <section className="card flex flex-col gap-5" aria-labelledby="settings-general">
      <h2 id="settings-general" className="text-lg font-semibold">
        {t('general.title')}
      </h2>
      {SWITCHES.map((key) => (
        <Switch
          key={key}
          label={t(`general.${key}.label`)}
          description={t(`general.${key}.description`)}
          checked={settings[key]}
          onChange={(checked) => save({ [key]: checked })}
        />
      ))}
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('general.defaultModel.label')}</span>
        <span className="text-sm text-muted">{t('general.defaultModel.description')}</span>
        <select
          className="field-input"
          value={settings.defaultModel ?? ''}
          onChange={(event) => save({ defaultModel: event.target.value || null })}
        >
          <option value="">{t('general.defaultModel.builtin')}</option>
          {choices.map((model) => (
            <option key={model.id} value={model.id}>
              {model.name} ({model.id})
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
