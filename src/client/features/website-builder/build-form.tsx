import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_REFINEMENT_STEPS,
  MODEL_VARIANTS,
  PROMPT_MAX,
  type BuildWebsite,
  type ModelVariant,
} from '#shared/codehub/website-builder-schemas.ts';

export interface BuildRequest {
  input: BuildWebsite;
  professional: boolean;
}

/** The prompt and the options of spec 02 §4 with their defaults; the professional build is a switch. */
export function BuildForm({
  busy,
  onBuild,
}: {
  busy: boolean;
  onBuild: (request: BuildRequest) => void;
}) {
  const { t } = useTranslation('websiteBuilder');
  const [prompt, setPrompt] = useState('');
  const [iterativeRefinement, setIterativeRefinement] = useState(true);
  const [saveToPreviousComponents, setSaveToPreviousComponents] = useState(true);
  const [maxRefinementSteps, setMaxRefinementSteps] = useState(1);
  const [variant, setVariant] = useState<ModelVariant>('balanced');
  const [professional, setProfessional] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onBuild({
      professional,
      input: {
        prompt: prompt.trim(),
        options: { iterativeRefinement, saveToPreviousComponents, maxRefinementSteps },
        model_variant: variant,
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="website-builder-form"
      className="card flex flex-col gap-4"
    >
      <h2 id="website-builder-form" className="text-lg font-semibold">
        {t('form.title')}
      </h2>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('form.prompt')}</span>
        <textarea
          className="field-input min-h-28"
          value={prompt}
          required
          maxLength={PROMPT_MAX}
          placeholder={t('form.promptExample')}
          onChange={(event) => setPrompt(event.target.value)}
        />
      </label>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">{t('form.options')}</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={iterativeRefinement}
            onChange={(event) => setIterativeRefinement(event.target.checked)}
          />
          <span>{t('form.iterativeRefinement')}</span>
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={saveToPreviousComponents}
            onChange={(event) => setSaveToPreviousComponents(event.target.checked)}
          />
          <span>{t('form.saveToPreviousComponents')}</span>
        </label>
        <div className="flex flex-wrap gap-4">
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t('form.maxRefinementSteps')}</span>
            <input
              type="number"
              className="field-input w-24"
              min={0}
              max={MAX_REFINEMENT_STEPS}
              value={maxRefinementSteps}
              disabled={!iterativeRefinement}
              onChange={(event) =>
                setMaxRefinementSteps(
                  Math.min(MAX_REFINEMENT_STEPS, Math.max(0, Number(event.target.value) || 0)),
                )
              }
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t('form.modelVariant')}</span>
            <select
              className="field-input"
              value={variant}
              disabled={professional}
              onChange={(event) => setVariant(event.target.value as ModelVariant)}
            >
              {MODEL_VARIANTS.map((option) => (
                <option key={option} value={option}>
                  {t(`form.variants.${option}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            className="mt-1"
            checked={professional}
            onChange={(event) => setProfessional(event.target.checked)}
          />
          <span>
            {t('form.professional')}
            <span className="block text-sm text-muted">{t('form.professionalHint')}</span>
          </span>
        </label>
      </fieldset>
      <button type="submit" className="btn-primary self-start" disabled={busy || !prompt.trim()}>
        {busy ? t('form.building') : t('form.build')}
      </button>
    </form>
  );
}
