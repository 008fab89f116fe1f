import { CheckCircle2, AlertTriangle, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BuildStep } from '#shared/codehub/website-builder-schemas.ts';

/** The build's steps as the server reports them (Server-Sent Events), with their findings. */
export function BuildProgress({ steps, running }: { steps: BuildStep[]; running: boolean }) {
  const { t } = useTranslation('websiteBuilder');
  if (steps.length === 0 && !running) return null;
  return (
    <section aria-labelledby="website-builder-progress" className="card flex flex-col gap-2">
      <h2 id="website-builder-progress" className="text-lg font-semibold">
        {t('progress.title')}
      </h2>
      <ol aria-labelledby="website-builder-progress" className="flex flex-col gap-1">
        {steps.map((step, index) => (
          <li key={index} className="flex items-start gap-2">
            {step.status === 'ok' ? (
              <CheckCircle2 size={18} className="mt-0.5 text-accent" aria-hidden="true" />
            ) : (
              <AlertTriangle size={18} className="mt-0.5 text-danger" aria-hidden="true" />
            )}
            <span>
              {t(`progress.steps.${step.step}`)}
              {step.round > 0 ? ` (${t('progress.round', { round: step.round })})` : ''}
              {step.findings.length > 0 ? (
                <span className="block text-sm text-muted">
                  {step.findings
                    .map((finding) => t(`findings.${finding}`, { defaultValue: finding }))
                    .join(' · ')}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
      {running ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin" aria-hidden="true" />
          {t('progress.working')}
        </p>
      ) : null}
    </section>
  );
}
