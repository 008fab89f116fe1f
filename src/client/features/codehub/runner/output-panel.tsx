import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '#shared/codehub/languages.ts';
import {
  ENGINE_LOAD_LIMIT_MS,
  isRunnable,
  RUN_TIME_LIMIT,
  type ResultTable,
  type RunResult,
} from '#shared/codehub/runner-protocol.ts';
import { useCurrent } from '../use-current.ts';
import { LOAD_TIMEOUT, RUNNER_URL, useRunner, type RunState } from './use-runner.ts';

export interface OutputPanelProps {
  /** Every file of the project, unsaved edits included: what the editor shows is what runs. */
  files: { filename: string; content: string }[];
  mainFile: string;
  /** The main file's language (languageOfFile). */
  language: string;
  /** Each finished, failed, stopped or timed-out run, e.g. to share it into a live session. */
  onResult?: (result: RunResult) => void;
}

/**
 * The Output panel (issue 13 item 4): runs the main file in the browser sandbox (decision 240)
 * with Run / Stop and Ctrl/Cmd+Enter, shows stdout and stderr apart, SQL rows as tables and
 * HTML as a live preview.
 */
export function OutputPanel({ files, mainFile, language, onResult }: OutputPanelProps) {
  const { t } = useTranslation('codehub');
  const { state, run, stop, frameKey, frameRef } = useRunner(onResult);
  const [seconds, setSeconds] = useState<number>(RUN_TIME_LIMIT.defaultSeconds);
  const limitId = useId();
  const runnable = isRunnable(language);
  const busy = state.status === 'loading' || state.status === 'running';

  const start = () => {
    if (!isRunnable(language)) return;
    const bounded = Math.min(
      RUN_TIME_LIMIT.maxSeconds,
      Math.max(RUN_TIME_LIMIT.minSeconds, Number.isFinite(seconds) ? seconds : 0),
    );
    run({ language, mainFile, files, timeLimitMs: bounded * 1000 });
  };
  const latestStart = useCurrent(start);

  // Capture phase: the editor would otherwise take Mod-Enter as "insert a blank line".
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault();
        event.stopPropagation();
        latestStart.current();
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [latestStart]);

  const languageLabel = findLanguage(language)?.label ?? language;

  return (
    <section aria-labelledby={`${limitId}-title`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${limitId}-title`} className="text-lg font-semibold">
          {t('runner.title')}
        </h2>
        {runnable ? (
          <>
            <button
              type="button"
              className="btn-primary"
              onClick={start}
              aria-keyshortcuts="Control+Enter Meta+Enter"
              title={t('runner.shortcut')}
            >
              {t('runner.run')}
            </button>
            <button type="button" className="btn-outline" onClick={stop} disabled={!busy}>
              {t('runner.stop')}
            </button>
            <label htmlFor={limitId} className="ml-auto text-sm text-muted">
              {t('runner.timeLimit')}
            </label>
            <input
              id={limitId}
              type="number"
              className="field-input w-20"
              min={RUN_TIME_LIMIT.minSeconds}
              max={RUN_TIME_LIMIT.maxSeconds}
              step={1}
              value={seconds}
              onChange={(event) => setSeconds(event.target.valueAsNumber)}
            />
          </>
        ) : null}
      </div>
      {runnable ? (
        <>
          <p role="status" className="text-sm text-muted">
            <StatusText state={state} mainFile={mainFile} />
          </p>
          {frameKey !== null ? (
            <iframe
              key={frameKey}
              ref={frameRef}
              src={RUNNER_URL}
              // Never allow-same-origin: the sandbox must stay an opaque origin.
              sandbox="allow-scripts"
              title={t('runner.preview', { filename: mainFile })}
              className={
                language === 'html' ? 'h-96 w-full rounded border border-line bg-white' : 'hidden'
              }
            />
          ) : null}
          <Console state={state} />
        </>
      ) : (
        <p className="text-muted">{t('runner.unsupported', { language: languageLabel })}</p>
      )}
    </section>
  );
}

function StatusText({ state, mainFile }: { state: RunState; mainFile: string }) {
  const { t } = useTranslation('codehub');
  switch (state.status) {
    case 'idle':
      return t('runner.status.idle', { filename: mainFile });
    case 'loading':
      return t('runner.status.loading');
    case 'running':
      return t('runner.status.running');
    case 'ok':
      return t('runner.status.ok', { ms: state.durationMs ?? 0 });
    case 'error':
      return t('runner.status.error', { ms: state.durationMs ?? 0 });
    case 'timeout':
      return state.error === LOAD_TIMEOUT
        ? t('runner.status.loadTimeout', { seconds: ENGINE_LOAD_LIMIT_MS / 1000 })
        : t('runner.status.timeout', { seconds: state.timeLimitMs / 1000 });
    case 'stopped':
      return t('runner.status.stopped');
  }
}

function Console({ state }: { state: RunState }) {
  const { t } = useTranslation('codehub');
  const empty = state.output.length === 0 && state.tables.length === 0 && !state.error;
  return (
    <div className="flex flex-col gap-2">
      <pre
        role="log"
        aria-label={t('runner.console')}
        className="max-h-96 min-h-16 overflow-auto rounded border border-line bg-surface p-3 font-mono text-sm whitespace-pre-wrap"
      >
        {state.output.map((chunk, index) => (
          <span
            key={index}
            data-stream={chunk.stream}
            className={chunk.stream === 'stderr' ? 'text-danger' : undefined}
          >
            {chunk.stream === 'stderr' ? (
              <span className="sr-only">{t('runner.stderr')} </span>
            ) : null}
            {chunk.text}
          </span>
        ))}
        {state.error && state.status === 'error' ? (
          <span data-stream="stderr" className="text-danger">
            {state.error}
          </span>
        ) : null}
        {empty && state.status !== 'idle' && state.status !== 'loading' ? (
          <span className="text-muted">{t('runner.noOutput')}</span>
        ) : null}
      </pre>
      {state.truncated ? <p className="text-sm text-muted">{t('runner.truncated')}</p> : null}
      {state.tables.map((table, index) => (
        <ResultGrid key={index} table={table} />
      ))}
    </div>
  );
}

function ResultGrid({ table }: { table: ResultTable }) {
  const { t } = useTranslation('codehub');
  return (
    <div className="overflow-auto rounded border border-line">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-1 text-left text-muted">
          {table.rows.length < table.rowCount
            ? t('runner.rowsShown', { shown: table.rows.length, count: table.rowCount })
            : t('runner.rows', { count: table.rowCount })}
        </caption>
        <thead>
          <tr>
            {table.columns.map((column, index) => (
              <th key={index} scope="col" className="border-b border-line px-3 py-1 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, cellIndex) => (
                <td key={cellIndex} className="border-b border-line px-3 py-1 font-mono">
                  {cell === null ? <span className="text-muted">NULL</span> : String(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
