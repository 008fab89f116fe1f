import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '#client/lib/i18n.ts';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';
import {
  BACKUP_FREQUENCIES,
  BackupConfigInputSchema,
  type BackupConfig,
  type BackupFrequency,
} from '#shared/admin/backups.ts';
import { useSaveBackupConfig } from './api/save-backup-config.ts';
import { clockTime, weekdayName } from './format.ts';

/** Creates a schedule, or changes `config`; times are UTC like the scheduler's. */
export function BackupConfigForm({
  config,
  onDone,
}: {
  config: BackupConfig | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('adminDatabase');
  const language = currentLanguage();
  const save = useSaveBackupConfig();
  const [frequency, setFrequency] = useState<BackupFrequency>(config?.frequency ?? 'daily');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const [hour, minute] = text('time').split(':').map(Number);
    const parsed = BackupConfigInputSchema.safeParse({
      name: text('name'),
      description: text('description') || null,
      frequency,
      dayOfWeek: frequency === 'weekly' ? Number(text('dayOfWeek')) : null,
      dayOfMonth: frequency === 'monthly' ? Number(text('dayOfMonth')) : null,
      hour,
      minute,
      retentionDays: Number(text('retentionDays')),
      isActive: form.get('isActive') === 'on',
    });
    if (!parsed.success) {
      notifyError(new Error(t('form.invalid')));
      return;
    }
    save.mutate(
      { id: config?.id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(t('schedules.saved'));
          onDone();
        },
        onError: (error) => notifyError(error),
      },
    );
  }

  return (
    <form
      className="card flex flex-col gap-3 p-4"
      aria-label={config ? t('form.editTitle') : t('form.newTitle')}
      onSubmit={submit}
    >
      <h3 className="font-semibold">{config ? t('form.editTitle') : t('form.newTitle')}</h3>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          {t('form.name')}
          <input
            name="name"
            className="field-input"
            required
            maxLength={100}
            defaultValue={config?.name}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('form.description')}
          <input
            name="description"
            className="field-input"
            maxLength={500}
            defaultValue={config?.description ?? ''}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('form.frequency')}
          <select
            name="frequency"
            className="field-input"
            value={frequency}
            onChange={(event) => setFrequency(event.target.value as BackupFrequency)}
          >
            {BACKUP_FREQUENCIES.map((value) => (
              <option key={value} value={value}>
                {t(`form.frequencies.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {frequency === 'weekly' ? (
          <label className="flex flex-col gap-1 text-sm">
            {t('form.dayOfWeek')}
            <select name="dayOfWeek" className="field-input" defaultValue={config?.dayOfWeek ?? 1}>
              {[1, 2, 3, 4, 5, 6, 0].map((day) => (
                <option key={day} value={day}>
                  {weekdayName(day, language)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {frequency === 'monthly' ? (
          <label className="flex flex-col gap-1 text-sm">
            {t('form.dayOfMonth')}
            <input
              name="dayOfMonth"
              type="number"
              min={1}
              max={31}
              className="field-input"
              defaultValue={config?.dayOfMonth ?? 1}
            />
          </label>
        ) : null}
        <label className="flex flex-col gap-1 text-sm">
          {t('form.time')}
          <input
            name="time"
            type="time"
            required
            className="field-input"
            defaultValue={config ? clockTime(config) : '03:00'}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('form.retentionDays')}
          <input
            name="retentionDays"
            type="number"
            min={1}
            max={3650}
            required
            className="field-input"
            defaultValue={config?.retentionDays ?? 14}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input name="isActive" type="checkbox" defaultChecked={config?.isActive ?? true} />
          {t('form.active')}
        </label>
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {t('form.save')}
        </button>
        <button type="button" className="btn-ghost" onClick={onDone}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
