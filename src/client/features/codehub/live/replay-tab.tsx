import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as Y from 'yjs';
import { HttpError } from '#client/lib/http.ts';
import { fileTextKey, type ReplayAction } from '#shared/codehub/live-schemas.ts';
import { useReplay } from './live-api.ts';

const SPEEDS = [1, 2, 4, 8] as const;
/** A pause in the session longer than this plays as this long (at speed 1). */
const LONGEST_STEP_MS = 1000;

function decode(base64: string) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The document after the first `count` actions. Moving forward applies the next updates to the
 * same Y.Doc; moving back starts again from the seed (Yjs cannot un-apply).
 */
function useDocumentAt(actions: ReplayAction[], count: number) {
  const state = useRef<{ doc: Y.Doc; applied: number } | null>(null);
  return useMemo(() => {
    if (!state.current || state.current.applied > count) {
      state.current?.doc.destroy();
      state.current = { doc: new Y.Doc(), applied: 0 };
    }
    const current = state.current;
    for (; current.applied < count; current.applied++) {
      const update = actions[current.applied]?.update;
      if (update) Y.applyUpdate(current.doc, decode(update));
    }
    return current.doc;
  }, [actions, count]);
}

/** Replay (issue 13 item 3): scrub through the session — who typed what, when. */
export function ReplayTab({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('codehubLive');
  const replay = useReplay(sessionId);
  const { actions, files, complete } = replay;
  const [position, setPosition] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const [fileId, setFileId] = useState<string | null>(null);
  const count = Math.min(position ?? actions.length, actions.length);
  const doc = useDocumentAt(actions, count);
  const file = files.find((f) => f.id === fileId) ?? files.find((f) => f.isMain) ?? files[0];
  const text = file ? doc.getText(fileTextKey(file.id)).toJSON() : '';
  const current = count > 0 ? actions[count - 1] : undefined;

  // Playing stops by itself at the end; it waits at the end of what is loaded for the next page.
  const isPlaying = playing && (count < actions.length || !complete);
  useEffect(() => {
    if (!isPlaying || count >= actions.length) return;
    const next = actions[count]!;
    const gap = current ? Date.parse(next.at) - Date.parse(current.at) : 0;
    const timer = setTimeout(
      () => setPosition(count + 1),
      Math.max(30, Math.min(gap, LONGEST_STEP_MS) / speed),
    );
    return () => clearTimeout(timer);
  }, [isPlaying, count, actions, current, speed]);

  if (replay.isLoading) return <p className="text-muted">{t('loading')}</p>;
  if (replay.error instanceof HttpError && replay.error.status === 404) return null;
  if (replay.error)
    return (
      <p role="alert" className="text-danger">
        {t('replay.failed')}
      </p>
    );

  const describe = (action: ReplayAction) =>
    t(`replay.actions.${action.type}`, {
      name: action.user?.name ?? '?',
      text: action.content.length > 40 ? `${action.content.slice(0, 40)}…` : action.content,
      time: new Date(action.at).toLocaleTimeString(),
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn-ghost"
          onClick={() => setPosition(1)}
          aria-label={t('replay.start')}
        >
          <SkipBack size={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn-outline"
          onClick={() => {
            if (!isPlaying && count >= actions.length) setPosition(1);
            setPlaying(!isPlaying);
          }}
        >
          {isPlaying ? (
            <Pause size={16} aria-hidden="true" />
          ) : (
            <Play size={16} aria-hidden="true" />
          )}
          <span className="ml-1">{t(isPlaying ? 'replay.pause' : 'replay.play')}</span>
        </button>
        <button
          type="button"
          className="btn-ghost"
          onClick={() => setPosition(actions.length)}
          aria-label={t('replay.end')}
        >
          <SkipForward size={16} aria-hidden="true" />
        </button>
        <label className="flex items-center gap-1 text-sm">
          {t('replay.speed')}
          <select value={speed} onChange={(event) => setSpeed(Number(event.target.value) as 1)}>
            {SPEEDS.map((value) => (
              <option key={value} value={value}>
                {value}×
              </option>
            ))}
          </select>
        </label>
        {files.length > 1 ? (
          <label className="flex items-center gap-1 text-sm">
            {t('replay.file')}
            <select value={file?.id} onChange={(event) => setFileId(event.target.value)}>
              {files.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.filename}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <label className="flex flex-col gap-1 text-sm">
        <span>
          {t('replay.position', { step: count, total: actions.length })}
          {complete ? null : <span className="ml-2 text-muted">{t('loading')}</span>}
        </span>
        <input
          type="range"
          min={1}
          max={Math.max(actions.length, 1)}
          value={Math.max(count, 1)}
          onChange={(event) => {
            setPlaying(false);
            setPosition(Number(event.target.value));
          }}
        />
      </label>
      <p className="text-sm" data-testid="replay-current">
        {current ? describe(current) : ''}
      </p>
      <pre
        className="min-h-[12rem] overflow-auto rounded-md border p-3 text-sm"
        data-testid="replay-text"
        aria-label={t('replay.textAt', { filename: file?.filename ?? '' })}
      >
        {text}
      </pre>
      <ol
        className="flex max-h-64 flex-col gap-1 overflow-auto text-sm"
        aria-label={t('replay.log')}
      >
        {actions.map((action, index) => (
          <li key={action.id}>
            <button
              type="button"
              className={
                index + 1 === count ? 'font-semibold text-accent' : 'text-left hover:underline'
              }
              onClick={() => {
                setPlaying(false);
                setPosition(index + 1);
              }}
            >
              {describe(action)}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
