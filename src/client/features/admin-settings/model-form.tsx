import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDERS } from '#shared/models/model-ids.ts';
import type { AdminModel, AdminModelInput } from '#shared/models/model-schemas.ts';
import { usePutModel } from './api/admin-models-api.ts';
import { serverFieldErrors } from './field-errors.ts';

const TIERS = ['free', 'premium', 'expert', 'ultimate'] as const;

/**
 * Adds a model (of an OpenAI-compatible server, say) or changes one: its upstream name maps a
 * product model to another model of the provider. Every field is sent, so a changed model keeps
 * what the form shows (PUT replaces the administrator's entry).
 */
export function ModelForm({ model, onDone }: { model?: AdminModel; onDone: () => void }) {
  const { t } = useTranslation('admin-settings');
  const put = usePutModel();
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const id = model?.id ?? text('id');
    if (!id) {
      setErrors({ id: [t('models.idRequired')] });
      return;
    }
    const input: AdminModelInput = {
      displayName: text('displayName'),
      provider: text('provider') as AdminModelInput['provider'],
      upstreamModel: text('upstreamModel'),
      minTier: text('minTier') as AdminModelInput['minTier'],
      contextWindow: Number(text('contextWindow')),
      inputPricePerMillion: Number(text('inputPricePerMillion')),
      outputPricePerMillion: Number(text('outputPricePerMillion')),
      vision: form.get('vision') === 'on',
      isEnabled: form.get('isEnabled') === 'on',
    };
    put.mutate(
      { id, input },
      { onSuccess: onDone, onError: (error) => setErrors(serverFieldErrors(error)) },
    );
  }

  // The error sits outside the label, so it does not become part of the field's name.
  const field = (name: string, label: string, input: ReactNode) => (
    <div className="flex flex-col gap-1 text-sm">
      <label className="flex flex-col gap-1">
        <span className="font-medium">{label}</span>
        {input}
      </label>
      {errors[name] ? <span className="text-danger">{errors[name].join(' ')}</span> : null}
    </div>
  );

  return (
    <form
      className="grid gap-3 rounded-lg border border-line p-4 md:grid-cols-3"
      onSubmit={onSubmit}
      aria-label={model ? t('models.editTitle', { name: model.name }) : t('models.addTitle')}
      noValidate
    >
      {model
        ? null
        : field('id', t('models.id'), <input name="id" className="field-input font-mono" />)}
      {field(
        'displayName',
        t('models.name'),
        <input name="displayName" className="field-input" defaultValue={model?.name} />,
      )}
      {field(
        'provider',
        t('models.provider'),
        <select
          name="provider"
          className="field-input"
          defaultValue={model?.provider ?? 'openai-compatible'}
        >
          {PROVIDERS.map((provider) => (
            <option key={provider} value={provider}>
              {provider}
            </option>
          ))}
        </select>,
      )}
      {field(
        'upstreamModel',
        t('models.upstream'),
        <input
          name="upstreamModel"
          className="field-input font-mono"
          defaultValue={model?.upstreamModel}
        />,
      )}
      {field(
        'minTier',
        t('models.minTier'),
        <select name="minTier" className="field-input" defaultValue={model?.minTier ?? 'free'}>
          {TIERS.map((tier) => (
            <option key={tier} value={tier}>
              {tier}
            </option>
          ))}
        </select>,
      )}
      {field(
        'contextWindow',
        t('models.contextWindow'),
        <input
          name="contextWindow"
          type="number"
          className="field-input"
          defaultValue={model?.contextWindow ?? 8192}
        />,
      )}
      {field(
        'inputPricePerMillion',
        t('models.inputPrice'),
        <input
          name="inputPricePerMillion"
          type="number"
          step="0.01"
          className="field-input"
          defaultValue={model?.inputPricePerMillion ?? 0}
        />,
      )}
      {field(
        'outputPricePerMillion',
        t('models.outputPrice'),
        <input
          name="outputPricePerMillion"
          type="number"
          step="0.01"
          className="field-input"
          defaultValue={model?.outputPricePerMillion ?? 0}
        />,
      )}
      <label className="flex items-center gap-2 text-sm">
        <input name="vision" type="checkbox" defaultChecked={model?.vision ?? false} />
        {t('models.vision')}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input name="isEnabled" type="checkbox" defaultChecked={model?.enabled ?? true} />
        {t('models.enabled')}
      </label>
      <div className="flex gap-2 md:col-span-3">
        <button type="submit" className="btn-primary" disabled={put.isPending}>
          {t('models.save')}
        </button>
        <button type="button" className="btn-ghost" onClick={onDone}>
          {t('models.cancel')}
        </button>
      </div>
    </form>
  );
}
