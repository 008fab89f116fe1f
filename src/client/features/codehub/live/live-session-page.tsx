import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useUser } from '#client/lib/api/get-user.ts';
import { HttpError } from '#client/lib/http.ts';
import { fileTextKey, type LiveRole } from '#shared/codehub/live-schemas.ts';
import { invalidateProject } from '../api/codehub-api.ts';
import { LiveEditor } from './live-editor.tsx';
import { useLiveSession, useSessionActions } from './live-api.ts';
import { LiveOutput } from './live-output.tsx';
import { ReplayTab } from './replay-tab.tsx';
import { SessionDetails } from './session-details.tsx';
import { useLiveDoc } from './use-live-doc.ts';

type Tab = 'code' | 'output' | 'replay';
const TABS: Tab[] = ['code', 'output', 'replay'];

/** /codehub/live/:sessionId (spec 02 §2, §4): tabs Code, Output and Replay beside the details. */
export default function LiveSessionPage() {
  const { t } = useTranslation('codehubLive');
  const sessionId = useParams().sessionId!;
  const { user } = useUser();
  const session = useLiveSession(sessionId);
  const actions = useSessionActions(sessionId);
  const [tab, setTab] = useState<Tab>('code');
  const [fileId, setFileId] = useState<string | null>(null);
  const myRole = session.data?.myRole ?? null;
  // Connected once joined; a role change keeps the same connection (the server applies it).
  const joined = myRole !== null;
  const me = useMemo(
    () => (user && joined ? { id: user.id, name: user.displayName ?? user.username } : null),
    [user, joined],
  );
  const { live, status } = useLiveDoc(sessionId, me);
  const [notice, setNotice] = useState('');
  const previousRole = useRef<LiveRole | null>(null);

  // Opening a shared link joins the session (as a viewer, spec 02 §4).
  const { join } = actions;
  useEffect(() => {
    if (session.data && session.data.myRole === null && join.isIdle) join.mutate();
  }, [session.data, join]);

  // The session writes its text into the project's files (decision 230): leaving it, the project
  // page must load them again rather than draw (and save over) the ones from before the session.
  const queryClient = useQueryClient();
  const projectId = session.data?.project.id;
  useEffect(() => {
    if (!projectId) return;
    return () => void invalidateProject(queryClient, projectId);
  }, [projectId, queryClient]);

  // The host changed our role: say so at once (spec 02 §4 "the user is notified").
  useEffect(() => {
    if (!myRole) return;
    if (previousRole.current && previousRole.current !== myRole) {
      setNotice(t('roleChanged', { role: t(`roles.${myRole}`) }));
    }
    previousRole.current = myRole;
  }, [myRole, t]);

  const ended =
    status === 'ended' || (session.error instanceof HttpError && session.error.status === 404);
  if (ended || session.isError) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
        <p role="alert" className="text-danger">
          {ended ? t('notFound') : t('failed')}
        </p>
        {/* A participant can still replay an ended session. */}
        {ended ? <ReplayTab sessionId={sessionId} /> : null}
        <BackLinks projectId={session.data?.project.id} />
      </div>
    );
  }
  if (!session.data) return <p className="p-8 text-muted">{t('loading')}</p>;

  const details = session.data;
  const files = details.files;
  const active =
    files.find((file) => file.id === fileId) ?? files.find((f) => f.isMain) ?? files[0];
  const canEdit = myRole === 'host' || myRole === 'editor';

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 md:px-8">
      <BackLinks projectId={details.project.id} />
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t('sessionTitle', { name: details.project.name })}</h1>
        <span className="rounded border px-1.5 text-xs text-muted" data-testid="live-status">
          {t(`status.${status}`)}
        </span>
        {myRole ? (
          <span className="text-sm text-muted" data-testid="my-role">
            {t('youAre', { role: t(`roles.${myRole}`) })}
          </span>
        ) : null}
      </header>
      <p role="status" className="text-accent">
        {notice}
      </p>
      {status === 'loggedOut' || status === 'tooLarge' ? (
        <p role="alert" className="text-danger">
          {t(status)}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <section className="flex min-w-0 flex-col gap-3">
          <div role="tablist" aria-label={t('tabs.label')} className="flex gap-2 border-b">
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`live-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`live-panel-${name}`}
                className={tab === name ? 'btn-ghost border-b-2 border-accent' : 'btn-ghost'}
                onClick={() => setTab(name)}
              >
                {t(`tabs.${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`live-panel-${tab}`} aria-labelledby={`live-tab-${tab}`}>
            {/* A tab that waits for its code or texts must not take the page's connection with
                it: on Preact a suspending child cleans up every effect up to its boundary. */}
            <Suspense fallback={<p className="text-muted">{t('loading')}</p>}>
              {tab === 'code' ? (
                <div className="flex flex-col gap-2">
                  {files.length > 1 ? (
                    <div className="flex flex-wrap gap-2" aria-label={t('files')}>
                      {files.map((file) => (
                        <button
                          key={file.id}
                          type="button"
                          aria-pressed={file.id === active?.id}
                          className={file.id === active?.id ? 'btn-outline' : 'btn-ghost'}
                          onClick={() => setFileId(file.id)}
                        >
                          {file.filename}
                        </button>
                      ))}
                    </div>
                  ) : null}
                  {!canEdit ? <p className="text-sm text-muted">{t('viewerHint')}</p> : null}
                  {active && live ? (
                    <LiveEditor
                      key={active.id}
                      text={live.doc.getText(fileTextKey(active.id))}
                      awareness={live.provider.awareness}
                      language={active.language}
                      readOnly={!canEdit}
                      label={t('editorLabel', { filename: active.filename })}
                    />
                  ) : (
                    <p className="text-muted">{t('loading')}</p>
                  )}
                </div>
              ) : tab === 'output' ? (
                <LiveOutput
                  session={details}
                  doc={live?.doc ?? null}
                  canRun={canEdit}
                  onShare={(run) => actions.shareRun.mutate(run)}
                  sharing={actions.shareRun.isPending}
                />
              ) : (
                <ReplayTab sessionId={sessionId} />
              )}
            </Suspense>
          </div>
        </section>
        <SessionDetails
          session={details}
          myId={user?.id ?? null}
          onRole={(userId, role) => actions.changeRole.mutate({ userId, role })}
          onEnd={() => {
            if (window.confirm(t('endConfirm'))) actions.end.mutate();
          }}
          busy={actions.changeRole.isPending || actions.end.isPending}
        />
      </div>
    </div>
  );
}

function BackLinks({ projectId }: { projectId: string | undefined }) {
  const { t } = useTranslation('codehubLive');
  return (
    <nav className="flex flex-wrap gap-4" aria-label={t('backNav')}>
      <Link to="/codehub" className="inline-flex items-center gap-2 text-accent hover:underline">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('backToHub')}
      </Link>
      {projectId ? (
        <Link to={`/codehub/projects/${projectId}`} className="text-accent hover:underline">
          {t('backToProject')}
        </Link>
      ) : null}
      <Link to="/codehub/live" className="text-accent hover:underline">
        {t('allSessions')}
      </Link>
    </nav>
  );
}
