import { useTranslation } from 'react-i18next';
import type { LiveSession } from '#shared/codehub/live-schemas.ts';

interface SessionDetailsProps {
  session: LiveSession;
  myId: number | null;
  onRole: (userId: number, role: 'viewer' | 'editor') => void;
  onEnd: () => void;
  busy: boolean;
}

/** Project, host and participants (role, online); the host changes roles and ends the session. */
export function SessionDetails({ session, myId, onRole, onEnd, busy }: SessionDetailsProps) {
  const { t } = useTranslation('codehubLive');
  const isHost = myId !== null && session.host.id === myId;
  return (
    <aside aria-labelledby="live-details" className="card flex flex-col gap-3">
      <h2 id="live-details" className="text-lg font-semibold">
        {t('details.title')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('details.project')}</dt>
        <dd>{session.project.name}</dd>
        <dt className="text-muted">{t('details.host')}</dt>
        <dd>{session.host.name}</dd>
        <dt className="text-muted">{t('details.mode')}</dt>
        <dd>{t('details.collaborative')}</dd>
      </dl>
      <h3 className="font-semibold">{t('details.participants')}</h3>
      <ul className="flex flex-col gap-2" aria-label={t('details.participants')}>
        {session.participants.map((person) => (
          <li
            key={person.userId}
            className="flex flex-wrap items-center gap-2 text-sm"
            data-testid={`participant-${person.userId}`}
          >
            <span
              aria-hidden="true"
              className={
                person.online ? 'h-2 w-2 rounded-full bg-success' : 'h-2 w-2 rounded-full bg-muted'
              }
            />
            <span className="font-medium">{person.name}</span>
            <span className="text-muted">
              {t(`roles.${person.role}`)} ·{' '}
              {t(person.online ? 'details.online' : 'details.offline')}
            </span>
            {isHost && person.role !== 'host' ? (
              <label className="ml-auto flex items-center gap-1">
                <span className="sr-only">{t('details.roleOf', { name: person.name })}</span>
                <select
                  value={person.role}
                  disabled={busy}
                  onChange={(event) =>
                    onRole(person.userId, event.target.value as 'viewer' | 'editor')
                  }
                >
                  <option value="viewer">{t('roles.viewer')}</option>
                  <option value="editor">{t('roles.editor')}</option>
                </select>
              </label>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">{t('details.shareHint')}</p>
      {isHost ? (
        <button type="button" className="btn-outline text-danger" disabled={busy} onClick={onEnd}>
          {t('details.end')}
        </button>
      ) : null}
    </aside>
  );
}
