import { Code2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CODE_LANGUAGES } from '#shared/codehub/languages.ts';
import { NewProjectForm } from './new-project-form.tsx';
import { ProjectList } from './project-list.tsx';

/** /codehub (spec 02 §2; issue 13 item 1): my projects, public projects, a new one from a template. */
export default function CodehubPage() {
  const { t } = useTranslation('codehub');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 md:px-8">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold">
          <Code2 size={28} className="text-accent" aria-hidden="true" />
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro', { count: CODE_LANGUAGES.length })}</p>
      </header>
      <NewProjectForm />
      <ProjectList scope="mine" />
      <ProjectList scope="public" />
    </div>
  );
}
