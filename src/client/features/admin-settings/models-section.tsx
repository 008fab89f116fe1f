import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '#client/lib/notify.ts';
import type { AdminModel } from '#shared/models/model-schemas.ts';
import { usePutModel, useResetModel } from './api/admin-models-api.ts';
import { ModelForm } from './model-form.tsx';

/**
 * The model catalogue (GET/PUT/DELETE /api/admin/models): built-in models, the administrator's
 * changes to them and added ones. A change reaches every instance within 30 s.
 */
export function ModelsSection({ models }: { models: AdminModel[] }) {
  const { t } = useTranslation('admin-settings');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const put = usePutModel();
  const reset = useResetModel();
  const toggle = (model: AdminModel) =>
    put.mutate(
      {
        id: model.id,
        input: {
          displayName: model.name,
          provider: model.provider,
          upstreamModel: model.upstreamModel,
          minTier: model.minTier as 'free',
          vision: model.vision,
          contextWindow: model.contextWindow,
          inputPricePerMillion: model.inputPricePerMillion,
          outputPricePerMillion: model.outputPricePerMillion,
          isEnabled: !model.enabled,
        },
      },
      { onError: (error) => notifyError(error) },
    );

  return (
    <section className="card flex flex-col gap-4" aria-labelledby="settings-models">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="settings-models" className="text-lg font-semibold">
            {t('models.title')}
          </h2>
          <p className="text-sm text-muted">{t('models.intro')}</p>
        </div>
        <button type="button" className="btn-outline" onClick={() => setAdding(true)}>
          {t('models.add')}
        </button>
      </header>
      {adding ? <ModelForm onDone={() => setAdding(false)} /> : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-labelledby="settings-models">
          <thead className="text-muted">
            <tr>
              <th className="p-2">{t('models.name')}</th>
              <th className="p-2">{t('models.provider')}</th>
              <th className="p-2">{t('models.upstream')}</th>
              <th className="p-2">{t('models.minTier')}</th>
              <th className="p-2">{t('models.state')}</th>
              <th className="p-2">
                <span className="sr-only">{t('models.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {models.map((model) => (
              <ModelRow
                key={model.id}
                model={model}
                editing={editing === model.id}
                onEdit={() => setEditing(model.id)}
                onDone={() => setEditing(null)}
                onToggle={() => toggle(model)}
                onReset={() => reset.mutate(model.id, { onError: (error) => notifyError(error) })}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ModelRow(props: {
  model: AdminModel;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
  onToggle: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('admin-settings');
  const { model } = props;
  return (
    <>
      <tr className="border-t border-line align-top">
        <td className="p-2">
          <span className="font-medium">{model.name}</span>
          <br />
          <code className="text-xs text-muted">{model.id}</code>{' '}
          <span className="text-xs text-muted">{t(`models.origin.${model.origin}`)}</span>
        </td>
        <td className="p-2">{model.provider}</td>
        <td className="p-2">
          <code>{model.upstreamModel}</code>
        </td>
        <td className="p-2">{model.minTier}</td>
        <td className="p-2">
          {model.enabled ? t('models.on') : t('models.off')}
          {model.configured ? null : (
            <span className="block text-xs text-muted" title={model.reason ?? undefined}>
              {t('models.notConfigured')}
            </span>
          )}
        </td>
        <td className="p-2">
          <div className="flex flex-wrap justify-end gap-1">
            <button
              type="button"
              className="btn-ghost"
              onClick={props.onEdit}
              aria-label={t('models.editTitle', { name: model.name })}
            >
              {t('models.edit')}
            </button>
            <button
              type="button"
              className="btn-ghost"
              onClick={props.onToggle}
              aria-label={t(model.enabled ? 'models.disableNamed' : 'models.enableNamed', {
                name: model.name,
              })}
            >
              {model.enabled ? t('models.disable') : t('models.enable')}
            </button>
            {model.origin === 'builtin' ? null : (
              <button
                type="button"
                className="btn-ghost"
                onClick={props.onReset}
                aria-label={t(
                  model.origin === 'custom' ? 'models.removeNamed' : 'models.resetNamed',
                  {
                    name: model.name,
                  },
                )}
              >
                {model.origin === 'custom' ? t('models.remove') : t('models.reset')}
              </button>
            )}
          </div>
        </td>
      </tr>
      {props.editing ? (
        <tr>
          <td colSpan={6} className="p-2">
            <ModelForm model={model} onDone={props.onDone} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
