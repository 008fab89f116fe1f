import { useQueryClient } from '@tanstack/react-query';
import { Wand2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuildStep } from '#shared/codehub/website-builder-schemas.ts';
import { buildWebsite } from './api/website-builder-api.ts';
import { BuildForm, type BuildRequest } from './build-form.tsx';
import { BuildProgress } from './build-progress.tsx';
import { errorText } from './error-text.ts';
import { SiteList } from './site-list.tsx';
import { SitePreview } from './site-preview.tsx';

/**
 * /codehub/website-builder (spec 02 §2; issue 13 item 5): a prompt and options, the build's live
 * progress, the sandboxed preview, my sites and the public gallery.
 */
export default function WebsiteBuilderPage() {
  const { t } = useTranslation('websiteBuilder');
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<BuildStep[]>([]);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [shown, setShown] = useState<string | undefined>();
  const preview = useRef<HTMLDivElement>(null);

  const show = (projectId: string) => {
    setShown(projectId);
    // Focus (which also scrolls) moves to the preview, so keyboard and screen reader users land there.
    requestAnimationFrame(() => preview.current?.focus());
  };

  const build = async ({ input, professional }: BuildRequest) => {
    setSteps([]);
    setFailure(null);
    setRunning(true);
    try {
      const result = await buildWebsite(input, professional, (step) =>
        setSteps((previous) => [...previous, step]),
      );
      await queryClient.invalidateQueries({ queryKey: ['website-builder-sites'] });
      show(result.projectId);
    } catch (error) {
      setFailure(error);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 md:px-8">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold">
          <Wand2 size={28} className="text-accent" aria-hidden="true" />
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      <BuildForm busy={running} onBuild={(request) => void build(request)} />
      <BuildProgress steps={steps} running={running} />
      {failure ? (
        <p role="alert" className="text-danger">
          {errorText(t, failure)}
        </p>
      ) : null}
      <div ref={preview} tabIndex={-1} className="outline-none">
        {shown ? (
          <SitePreview key={shown} projectId={shown} onDeleted={() => setShown(undefined)} />
        ) : null}
      </div>
      <SiteList scope="mine" onShow={show} />
      <SiteList scope="public" onShow={show} />
    </div>
  );
}
