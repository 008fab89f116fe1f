import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceGroup } from '#client/components/ui/choice-group.tsx';
import { modelsQueryOptions } from '#client/lib/api/get-models.ts';
import { OFFLINE_MODEL_ID } from '#shared/models/model-ids.ts';
import { personaName, personasQueryOptions } from '#client/lib/api/get-personas.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';
import { RESPONSE_LENGTHS } from '#shared/settings/settings-options.ts';
import type { Settings, UpdateSettingsInput } from '#shared/settings/settings-schemas.ts';

const selectClass = 'field-input min-h-11';

function ModelSelect({ user, settings, update }: SectionProps) {
  const { t } = useTranslation('settings');
  const id = useId();
  const models = useQuery(modelsQueryOptions(user));
  // The offline assistant answers when no provider is configured; it is not a default to pick.
  const choices = (models.data ?? []).filter((model) => model.id !== OFFLINE_MODEL_ID);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {t('ai.model')}
      </label>
      <select
        id={id}
        className={selectClass}
        value={settings.aiModel}
        disabled={models.isLoading}
        aria-describedby={`${id}-hint`}
        onChange={(event) => update({ aiModel: event.target.value })}
      >
        {choices.map((model) => (
          <option key={model.id} value={model.id} disabled={!model.allowed}>
            {model.allowed ? model.name : t('ai.modelLocked', { model: model.name })}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t('ai.modelHint')}{' '}
        <Link to="/pricing" className="text-accent hover:underline">
          {t('ai.comparePlans')}
        </Link>
      </p>
    </div>
  );
}

function PersonaSelect({ user, settings, update }: SectionProps) {
  const { t } = useTranslation('settings');
  const id = useId();
  const personas = useQuery(personasQueryOptions(user.id));
  const language = currentLanguage();
  const list = personas.data ?? [];
  const selected = settings.defaultPersona ?? list.find((persona) => persona.isDefault)?.id ?? '';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {t('ai.defaultPersona')}
      </label>
      <select
        id={id}
        className={selectClass}
        value={String(selected)}
        disabled={personas.isLoading}
        onChange={(event) => update({ defaultPersona: Number(event.target.value) })}
      >
        {list.map((persona) => (
          <option key={persona.id} value={String(persona.id)}>
            {personaName(persona, language)}
          </option>
        ))}
      </select>
    </div>
  );
}

interface SectionProps {
  user: PublicUser;
  settings: Settings;
  update: (patch: UpdateSettingsInput) => void;
}

/** Spec 01-core §2 "AI": models of the user's tier, default persona, response length. */
export function AiSection({
  user,
  settings,
  update,
}: {
  user: PublicUser | null;
  settings: Settings | undefined;
  update: (patch: UpdateSettingsInput) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <section id="ai" aria-labelledby="ai-title" className="card scroll-mt-4">
      <h2 id="ai-title" className="mb-5 text-xl font-semibold">
        {t('ai.title')}
      </h2>
      {user && settings ? (
        <div className="flex flex-col gap-6">
          <ModelSelect user={user} settings={settings} update={update} />
          <PersonaSelect user={user} settings={settings} update={update} />
          <ChoiceGroup
            name="responseLength"
            testId="response-length-choice"
            legend={t('ai.responseLength')}
            value={settings.responseLength}
            onChange={(value) => update({ responseLength: value })}
            choices={RESPONSE_LENGTHS.map((value) => ({
              value,
              label: t(`ai.responseLengths.${value}`),
            }))}
          />
        </div>
      ) : user ? (
        <p className="text-muted">{t('loading')}</p>
      ) : (
        <p className="text-muted">
          {t('ai.loginHint')}{' '}
          <Link to="/auth" className="font-medium text-accent hover:underline">
            {t('ai.login')}
          </Link>
        </p>
      )}
    </section>
  );
}
