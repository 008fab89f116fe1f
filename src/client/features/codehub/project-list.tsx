import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedList } from '#client/components/ui/paged-list.tsx';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { findLanguage } from '#shared/codehub/languages.ts';
import { useProjectList } from './api/codehub-api.ts';

/** My projects or everyone's public ones, a page at a time. */
export function ProjectList({ scope }: { scope: 'mine' | 'public' }) {
  const { t } = useTranslation('codehub');
  const list = useProjectList(scope);

  return (
    <PagedList
      headingId={`codehub-${scope}`}
      scope={scope}
      t={t}
      list={list}
      className="grid gap-3 sm:grid-cols-2"
      itemClassName="card flex flex-col gap-1"
      itemKey={(project) => project.id}
      renderItem={(project) => (
        <>
          <Link
            to={`/codehub/projects/${project.id}`}
            className="font-semibold text-accent hover:underline"
          >
            {project.name}
          </Link>
          {project.description ? <p className="text-sm text-muted">{project.description}</p> : null}
          <p className="flex flex-wrap items-center gap-3 text-sm text-muted">
            <span>{findLanguage(project.language)?.label ?? project.language}</span>
            <span className="rounded border px-1.5 text-xs">
              {t(project.isPublic ? 'visibility.public' : 'visibility.private')}
            </span>
            <span className="inline-flex items-center gap-1">
              <Eye size={14} aria-hidden="true" />
              {t('lists.views', { count: project.viewCount })}
            </span>
            <span>
              {t('lists.lastActive', {
                date: formatDate(project.lastActiveAt, currentLanguage()),
              })}
            </span>
            {scope === 'public' ? <span>{t('lists.by', { name: project.owner.name })}</span> : null}
          </p>
        </>
      )}
    />
  );
}
