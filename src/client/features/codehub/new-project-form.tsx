import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE_LANGUAGES, type CodeLanguageId } from '#shared/codehub/languages.ts';
import { useCreateProject } from './api/codehub-api.ts';
import { errorText } from './error-text.ts';

/** A new project from the chosen language's hello-world template; opens it when created. */
export function NewProjectForm() {
  const { t } = useTranslation('codehub');
  const navigate = useNavigate();
  const create = useCreateProject();
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<CodeLanguageId>('python');
  const [isPublic, setIsPublic] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), language, isPublic },
      { onSuccess: (project) => void navigate(`/codehub/projects/${project.id}`) },
    );
  };

  return (
    <section aria-labelledby="codehub-new" className="card flex flex-col gap-3">
      <h2 id="codehub-new" className="text-lg font-semibold">
        {t('new.title')}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1">
          <span className="text-sm font-medium">{t('new.name')}</span>
          <input
            className="field-input"
            value={name}
            required
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t('new.language')}</span>
          <select
            className="field-input"
            value={language}
            onChange={(event) => setLanguage(event.target.value as CodeLanguageId)}
          >
            {CODE_LANGUAGES.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 py-2">
          <input
            type="checkbox"
            checked={isPublic}
            onChange={(event) => setIsPublic(event.target.checked)}
          />
          <span>{t('new.public')}</span>
        </label>
        <button type="submit" className="btn-primary" disabled={create.isPending || !name.trim()}>
          {t('new.create')}
        </button>
      </form>
      {create.isError ? (
        <p role="alert" className="text-danger">
          {errorText(t, create.error)}
        </p>
      ) : null}
    </section>
  );
}
