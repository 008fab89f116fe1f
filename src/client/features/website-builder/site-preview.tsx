import { Download, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiUrl } from '#client/lib/api-base.ts';
import {
  sitePath,
  useDeleteSite,
  useOpenInEditor,
  useSite,
  useUpdateSite,
} from './api/website-builder-api.ts';
import { errorText } from './error-text.ts';

/**
 * One site: the page in an iframe with sandbox="allow-scripts" (no allow-same-origin) loaded
 * from the view route, which adds `Content-Security-Policy: sandbox allow-scripts` (decision
 * 249), so the page never runs as a document of the app's origin. Open in full, download, edit
 * in the code editor; the owner also publishes and deletes.
 */
export function SitePreview({
  projectId,
  onDeleted,
}: {
  projectId: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('websiteBuilder');
  const navigate = useNavigate();
  const site = useSite(projectId);
  const update = useUpdateSite();
  const remove = useDeleteSite();
  const openInEditor = useOpenInEditor();

  if (site.isLoading) return <p className="text-muted">{t('lists.loading')}</p>;
  if (site.isError || !site.data) {
    return (
      <p role="alert" className="text-danger">
        {errorText(t, site.error)}
      </p>
    );
  }
  const data = site.data;
  const viewUrl = apiUrl(`${sitePath(projectId)}/view`);
  const failure = update.error ?? remove.error ?? openInEditor.error;

  return (
    <section aria-labelledby="website-builder-preview" className="card flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="website-builder-preview" className="text-lg font-semibold">
          {t('preview.title', { name: data.name })}
        </h2>
        <span className="rounded border px-1.5 text-xs">
          {t(data.isPublic ? 'visibility.public' : 'visibility.private')}
        </span>
      </div>
      {data.description ? <p className="text-sm text-muted">{data.description}</p> : null}
      <iframe
        key={`${projectId}-${data.updatedAt}`}
        title={t('preview.frameTitle', { name: data.name })}
        src={viewUrl}
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
        loading="lazy"
        className="h-[28rem] w-full rounded border bg-white"
      />
      <div className="flex flex-wrap gap-2">
        {/* The page that frames the site: opened on its own, the site could navigate the tab (decision 327). */}
        <a
          className="btn-outline inline-flex items-center gap-1"
          href={apiUrl(`${sitePath(projectId)}/full`)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ExternalLink size={16} aria-hidden="true" />
          {t('preview.openFull')}
        </a>
        <a
          className="btn-outline inline-flex items-center gap-1"
          href={apiUrl(`${sitePath(projectId)}/download`)}
          download
        >
          <Download size={16} aria-hidden="true" />
          {t('preview.download')}
        </a>
        <button
          type="button"
          className="btn-primary inline-flex items-center gap-1"
          disabled={openInEditor.isPending}
          onClick={() =>
            openInEditor.mutate(data, {
              onSuccess: (project) => void navigate(`/codehub/projects/${project.id}`),
            })
          }
        >
          <Pencil size={16} aria-hidden="true" />
          {openInEditor.isPending ? t('preview.opening') : t('preview.edit')}
        </button>
        {data.isOwner ? (
          <>
            <button
              type="button"
              className="btn-outline"
              disabled={update.isPending}
              onClick={() => update.mutate({ projectId, input: { isPublic: !data.isPublic } })}
            >
              {t(data.isPublic ? 'preview.unpublish' : 'preview.publish')}
            </button>
            <button
              type="button"
              className="btn-outline inline-flex items-center gap-1 text-danger"
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm(t('preview.deleteConfirm'))) return;
                remove.mutate(projectId, { onSuccess: onDeleted });
              }}
            >
              <Trash2 size={16} aria-hidden="true" />
              {t('preview.delete')}
            </button>
          </>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-danger">
          {errorText(t, failure)}
        </p>
      ) : null}
    </section>
  );
}
