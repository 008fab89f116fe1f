import { Radio } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { useProjectList } from '../api/codehub-api.ts';
import { useMySessions, useStartSession } from './live-api.ts';

const SESSION_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** /codehub/live (spec 02 §2): my sessions, start one from a project, join one by its link. */
export default function LiveHomePage() {
  const { t } = useTranslation('codehubLive');
  const navigate = useNavigate();
  const sessions = useMySessions();
  const projects = useProjectList('mine');
  const start = useStartSession();
  const [projectId, setProjectId] = useState('');
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState(false);

  const onJoin = (event: FormEvent) => {
    event.preventDefault();
    const id = SESSION_ID.exec(link)?.[0];
    setLinkError(!id);
    if (id) void navigate(`/codehub/live/${id}`);
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 md:px-8">
      <Link to="/codehub" className="self-start text-accent hover:underline">
        {t('backToHub')}
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold">
          <Radio size={28} className="text-accent" aria-hidden="true" />
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      <div className="grid gap-4 md:grid-cols-2">
        <form
          className="card flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (projectId) {
              start.mutate(projectId, { onSuccess: (id) => void navigate(`/codehub/live/${id}`) });
            }
          }}
        >
          <h2 className="font-semibold">{t('start.title')}</h2>
          <label className="flex flex-col gap-1 text-sm">
            {t('start.project')}
            <select
              value={projectId}
              onChange={(event) => setProjectId(event.target.value)}
              required
            >
              <option value="">{t('start.choose')}</option>
              {projects.items.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="btn-primary self-start"
            disabled={!projectId || start.isPending}
          >
            {t('start.submit')}
          </button>
          {start.isError ? (
            <p role="alert" className="text-danger">
              {t('failed')}
            </p>
          ) : null}
        </form>
        <form className="card flex flex-col gap-2" onSubmit={onJoin}>
          <h2 className="font-semibold">{t('join.title')}</h2>
          <label className="flex flex-col gap-1 text-sm">
            {t('join.link')}
            <input value={link} onChange={(event) => setLink(event.target.value)} required />
          </label>
          <button type="submit" className="btn-outline self-start">
            {t('join.submit')}
          </button>
          {linkError ? (
            <p role="alert" className="text-danger">
              {t('join.invalid')}
            </p>
          ) : null}
        </form>
      </div>
      <section aria-labelledby="live-mine" className="flex flex-col gap-3">
        <h2 id="live-mine" className="text-lg font-semibold">
          {t('mine.title')}
        </h2>
        {sessions.isLoading ? (
          <p className="text-muted">{t('loading')}</p>
        ) : sessions.isError ? (
          <p role="alert" className="text-danger">
            {t('failed')}
          </p>
        ) : (sessions.data ?? []).length === 0 ? (
          <p className="text-muted">{t('mine.empty')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" aria-labelledby="live-mine">
            {sessions.data!.map((session) => (
              <li key={session.id} className="card flex flex-col gap-1">
                <Link
                  to={`/codehub/live/${session.id}`}
                  className="font-semibold text-accent hover:underline"
                >
                  {session.project.name}
                </Link>
                <span className="text-sm text-muted">
                  {t('mine.meta', {
                    host: session.host.name,
                    role: t(`roles.${session.myRole}`),
                    date: formatDate(session.startedAt, currentLanguage()),
                  })}
                </span>
                <span className="text-xs">{t(`state.${session.state}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
