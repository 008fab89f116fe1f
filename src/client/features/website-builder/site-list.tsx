import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '#client/components/ui/paged-list.tsx';
import { apiUrl } from '#client/lib/api-base.ts';
import { useSiteList } from './api/website-builder-api.ts';

/** My sites or the public gallery, with their screenshots; "Show" opens one in the preview. */
export function SiteList({
  scope,
  onShow,
}: {
  scope: 'mine' | 'public';
  onShow: (projectId: string) => void;
}) {
  const { t } = useTranslation('websiteBuilder');
  const list = useSiteList(scope);

  return (
    <PagedList
      headingId={`website-builder-${scope}`}
      scope={scope}
      t={t}
      list={list}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      itemClassName="card flex flex-col gap-2"
      itemKey={(site) => site.projectId}
      renderItem={(site) => (
        <>
          {site.screenshotUrl ? (
            <img
              src={apiUrl(site.screenshotUrl)}
              alt={t('lists.screenshot', { name: site.name })}
              loading="lazy"
              width={1280}
              height={800}
              className="h-auto w-full rounded border"
            />
          ) : null}
          <span className="font-semibold">{site.name}</span>
          <p className="flex flex-wrap items-center gap-3 text-sm text-muted">
            <span className="rounded border px-1.5 text-xs">
              {t(site.isPublic ? 'visibility.public' : 'visibility.private')}
            </span>
            <span className="inline-flex items-center gap-1">
              <Eye size={14} aria-hidden="true" />
              {t('lists.views', { count: site.viewCount })}
            </span>
            {scope === 'public' ? <span>{t('lists.by', { name: site.owner.name })}</span> : null}
          </p>
          <button
            type="button"
            className="btn-outline self-start"
            aria-label={t('lists.showNamed', { name: site.name })}
            onClick={() => onShow(site.projectId)}
          >
            {t('lists.show')}
          </button>
        </>
      )}
    />
  );
}
