import { Bot, Cpu } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { useComposerChoices } from './use-composer-choices.ts';

const selectClass =
  'field-input min-h-8 max-w-48 truncate py-1 pr-7 pl-2 text-sm md:max-w-60 disabled:opacity-60';

/** The model and persona pickers above the input (only what the user may use is offered). */
export function ComposerChoices({
  choices,
  disabled,
}: {
  choices: ReturnType<typeof useComposerChoices>;
  disabled: boolean;
}) {
  const { t } = useTranslation('composer');
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-1 pb-2 text-sm text-muted">
      {choices.offline ? (
        <span className="flex items-center gap-1" title={t('choices.offlineHint')}>
          <Cpu aria-hidden className="size-4" />
          {choices.offlineName}
        </span>
      ) : choices.models.length > 0 ? (
        <span className="flex items-center gap-1">
          <Cpu aria-hidden className="size-4" />
          <label htmlFor={`${id}-model`} className="sr-only">
            {t('choices.model')}
          </label>
          <select
            id={`${id}-model`}
            className={selectClass}
            value={choices.modelId ?? ''}
            disabled={disabled}
            onChange={(event) => choices.pickModel(event.target.value)}
          >
            {choices.models.map((model) => (
              <option key={model.id} value={model.id}>
                {model.name}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      {choices.personas.length > 0 ? (
        <span className="flex items-center gap-1">
          <Bot aria-hidden className="size-4" />
          <label htmlFor={`${id}-persona`} className="sr-only">
            {t('choices.persona')}
          </label>
          <select
            id={`${id}-persona`}
            className={selectClass}
            value={choices.personaId ?? ''}
            disabled={disabled}
            onChange={(event) => choices.pickPersona(Number(event.target.value))}
          >
            {choices.personas.map((persona) => (
              <option key={persona.id} value={persona.id}>
                {persona.name}
              </option>
            ))}
          </select>
        </span>
      ) : null}
    </div>
  );
}
