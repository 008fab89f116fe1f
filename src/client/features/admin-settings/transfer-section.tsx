import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';
import { AppSettingsFileSchema } from '#shared/admin/app-settings.ts';
import { downloadSettingsExport, useImportSettings } from './api/admin-settings-api.ts';

/** Every setting as a JSON file, and back (checked by the server; unknown keys are refused). */
export function TransferSection() {
  const { t } = useTranslation('admin-settings');
  const importSettings = useImportSettings();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setProblem(t('transfer.notJson'));
      return;
    }
    const checked = AppSettingsFileSchema.safeParse(parsed);
    if (!checked.success) {
      setProblem(t('transfer.notSettings'));
      return;
    }
    importSettings.mutate(checked.data, {
      onSuccess: () => {
        setProblem(null);
        notifySuccess(t('transfer.imported'));
      },
      onError: (error) => setProblem(error.message),
    });
  }

  return (
    <section className="card flex flex-col gap-3" aria-labelledby="settings-transfer">
      <header>
        <h2 id="settings-transfer" className="text-lg font-semibold">
          {t('transfer.title')}
        </h2>
        <p className="text-sm text-muted">{t('transfer.intro')}</p>
      </header>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-outline"
          onClick={() => void downloadSettingsExport().catch(notifyError)}
        >
          {t('transfer.export')}
        </button>
        <button type="button" className="btn-outline" onClick={() => input.current?.click()}>
          {t('transfer.import')}
        </button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          aria-label={t('transfer.file')}
          onChange={(event) => void onFile(event)}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-danger">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
