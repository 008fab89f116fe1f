import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';
import {
  useCreatePersona,
  useUpdatePersona,
} from '#client/features/personas/api/persona-mutations.ts';
import {
  initialValues,
  missingFields,
  toCreateInput,
  toUpdateInput,
  type PersonaFormMode,
  type PersonaFormValues,
  type RequiredField,
} from '#client/features/personas/form/persona-form-model.ts';
import { TextInput } from '#client/features/personas/form/text-input.tsx';
import { TranslationFields } from '#client/features/personas/form/translation-fields.tsx';
import { PERSONA_ICONS, PersonaIcon } from '#client/features/personas/persona-icon.tsx';
import { classifyError } from '#client/lib/errors.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { notifySuccess } from '#client/lib/notify.ts';
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  SYSTEM_PROMPT_MAX,
  type Persona,
} from '#shared/personas/persona-schemas.ts';
import { LANGUAGE_NAMES } from '#shared/settings/language-names.ts';
import { LANGUAGES } from '#shared/settings/settings-options.ts';

const ERROR_KEY = { create: 'errors.create', edit: 'errors.update', translations: 'errors.update' };

/**
 * Create or edit a custom persona (spec 01-core §2, §5): name, description and system prompt
 * are required; translations are optional; translation mode leaves the main fields unchanged
 * and refuses to save when no translation changed ('No Changes').
 */
export function PersonaForm({
  persona,
  mode,
  onDone,
}: {
  persona: Persona | null;
  mode: PersonaFormMode;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('personas');
  const selectId = useId();
  const [values, setValues] = useState(() => initialValues(persona, currentLanguage()));
  const [errors, setErrors] = useState<Partial<Record<RequiredField, string>>>({});
  const create = useCreatePersona();
  const update = useUpdatePersona();
  const pending = create.isPending || update.isPending;
  const mainLocked = mode === 'translations';

  const set = (field: keyof PersonaFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onError = (error: unknown) =>
    showToast({
      title: i18n.t('common:errorTitle.default'),
      description: t(ERROR_KEY[mode], { reason: classifyError(error).message }),
      variant: 'destructive',
    });
  const onSaved = (saved: Persona) => {
    notifySuccess(t(mode === 'create' ? 'toast.created' : 'toast.updated', { name: saved.name }));
    onDone();
  };

  const submit = () => {
    const missing = mainLocked ? [] : missingFields(values);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, t(`validation.${field}`)])));
      showToast({
        title: i18n.t('common:errorTitle.validation'),
        description: t('validation.requiredFields'),
        variant: 'destructive',
      });
      return;
    }
    if (mode === 'create' || !persona) {
      create.mutate(toCreateInput(values), { onSuccess: onSaved, onError });
      return;
    }
    const input = toUpdateInput(persona, values, mode);
    if (!input) {
      showToast({ title: t('noChanges.title'), description: t('noChanges.text') });
      return;
    }
    update.mutate({ id: persona.id, input }, { onSuccess: onSaved, onError });
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {mainLocked ? <p className="text-sm text-muted">{t('form.translationsHint')}</p> : null}
      <fieldset disabled={mainLocked} className="flex flex-col gap-3">
        <legend className="sr-only">{t('form.main')}</legend>
        <div className="flex items-end gap-3">
          <PersonaIcon icon={values.icon} color={values.color} />
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={`${selectId}-icon`} className="text-sm font-medium">
              {t('form.icon')}
            </label>
            <select
              id={`${selectId}-icon`}
              className="field-input"
              value={values.icon}
              onChange={(event) => set('icon')(event.target.value)}
            >
              {Object.keys(PERSONA_ICONS).map((icon) => (
                <option key={icon} value={icon}>
                  {t(`icons.${icon}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${selectId}-color`} className="text-sm font-medium">
              {t('form.color')}
            </label>
            <input
              id={`${selectId}-color`}
              type="color"
              className="h-11 w-16 cursor-pointer rounded-lg border border-line bg-bg"
              value={values.color.length === 7 ? values.color : '#a855f7'}
              onChange={(event) => set('color')(event.target.value)}
            />
          </div>
        </div>
        <TextInput
          label={t('form.name')}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          maxLength={NAME_MAX}
        />
        <TextInput
          label={t('form.description')}
          value={values.description}
          onChange={set('description')}
          error={errors.description}
          rows={2}
          maxLength={DESCRIPTION_MAX}
        />
        <TextInput
          label={t('form.systemPrompt')}
          value={values.systemPrompt}
          onChange={set('systemPrompt')}
          error={errors.systemPrompt}
          rows={5}
          maxLength={SYSTEM_PROMPT_MAX}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${selectId}-language`} className="text-sm font-medium">
            {t('form.language')}
          </label>
          <select
            id={`${selectId}-language`}
            className="field-input"
            value={values.language}
            onChange={(event) => set('language')(event.target.value)}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <TranslationFields values={values} set={set} open={mainLocked} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onDone}>
          {t('form.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : null}
          {mode === 'create' ? t('form.create') : t('form.save')}
        </button>
      </div>
    </form>
  );
}
