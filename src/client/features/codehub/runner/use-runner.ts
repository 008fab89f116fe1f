import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ENGINE_LOAD_LIMIT_MS,
  MAX_OUTPUT_CHARS,
  runnerEventSchema,
  type OutputStream,
  type ResultTable,
  type RunnableLanguage,
  type RunnerCommand,
  type RunResult,
} from '#shared/codehub/runner-protocol.ts';
import { useCurrent } from '../use-current.ts';

/** The sandbox page, served with its own CSP (src/server/http/runner-headers.ts). */
export const RUNNER_URL = '/runner/index.html';

export type RunStatus = 'idle' | 'loading' | 'running' | RunResult['status'];

export interface RunState {
  status: RunStatus;
  output: { stream: OutputStream; text: string }[];
  tables: ResultTable[];
  durationMs: number | null;
  /** The limit of the current or last run. */
  timeLimitMs: number;
  error?: string;
  truncated: boolean;
}

export interface RunRequest {
  language: RunnableLanguage;
  mainFile: string;
  files: { filename: string; content: string }[];
  timeLimitMs: number;
}

/** The error of a run whose engine did not load in time (the panel words it). */
export const LOAD_TIMEOUT = 'load-timeout';

type RunLog = Pick<RunState, 'output' | 'tables' | 'truncated'>;
const EMPTY_LOG: RunLog = { output: [], tables: [], truncated: false };
const IDLE: RunState = { ...EMPTY_LOG, status: 'idle', durationMs: null, timeLimitMs: 0 };

/**
 * Drives one sandbox iframe (decision 240). The iframe is mounted on the first run and reused;
 * when a run is stopped or passes its time limit the iframe is removed — that ends its worker
 * however busy it is — and the next run mounts a fresh one. Messages count only when they come
 * from that iframe's window, parse as runner events and carry the current run's id.
 */
export function useRunner(onResult?: (result: RunResult) => void) {
  const [state, setState] = useState<RunState>(IDLE);
  /** The iframe's generation: a new key mounts a fresh sandbox; null has none. */
  const [frameKey, setFrameKey] = useState<number | null>(null);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const ready = useRef(false);
  const queued = useRef<RunnerCommand | null>(null);
  const current = useRef<{ runId: string; request: RunRequest; startedAt: number | null } | null>(
    null,
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onResultRef = useCurrent(onResult);

  /** What the current run printed so far; the state mirrors it. */
  const log = useRef<RunLog>(EMPTY_LOG);

  const finish = useCallback(
    (status: RunResult['status'], error?: string) => {
      const run = current.current;
      if (!run) return;
      clearTimeout(timer.current);
      current.current = null;
      const durationMs = run.startedAt === null ? 0 : Math.round(performance.now() - run.startedAt);
      const { output, tables } = log.current;
      setState((old) => ({
        ...log.current,
        status,
        durationMs,
        timeLimitMs: old.timeLimitMs,
        ...(error ? { error } : {}),
      }));
      if (status === 'timeout' || status === 'stopped') {
        ready.current = false;
        setFrameKey(null);
      }
      onResultRef.current?.({
        language: run.request.language,
        status,
        durationMs,
        output,
        tables,
        ...(error ? { error } : {}),
      });
    },
    [onResultRef],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      const frame = frameRef.current;
      if (!frame || event.source !== frame.contentWindow) return;
      const parsed = runnerEventSchema.safeParse(event.data);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'ready') {
        ready.current = true;
        const command = queued.current;
        queued.current = null;
        if (command) frame.contentWindow?.postMessage(command, '*');
        return;
      }
      const run = current.current;
      if (!run || message.runId !== run.runId) return;
      if (message.type === 'started') {
        // Only the first: the user's code shares the worker and could post it again and again
        // to restart the time limit.
        if (run.startedAt !== null) return;
        run.startedAt = performance.now();
        clearTimeout(timer.current);
        timer.current = setTimeout(() => finish('timeout'), run.request.timeLimitMs);
        setState((old) => ({ ...old, status: 'running' }));
      } else if (message.type === 'output') {
        const old = log.current;
        if (old.truncated) return;
        const used = old.output.reduce((sum, chunk) => sum + chunk.text.length, 0);
        const room = Math.max(0, MAX_OUTPUT_CHARS - used);
        const text = message.text.slice(0, room);
        const last = old.output.at(-1);
        // Consecutive chunks of one stream form one block, as a terminal shows them.
        const output =
          last?.stream === message.stream
            ? [...old.output.slice(0, -1), { stream: last.stream, text: last.text + text }]
            : [...old.output, { stream: message.stream, text }];
        log.current = { ...old, output, truncated: message.text.length > room };
        setState((state) => ({ ...state, ...log.current }));
      } else if (message.type === 'table') {
        log.current = { ...log.current, tables: [...log.current.tables, message.table] };
        setState((state) => ({ ...state, ...log.current }));
      } else {
        finish(message.ok ? 'ok' : 'error', message.error);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [finish]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    (request: RunRequest) => {
      if (current.current) finish('stopped');
      const runId = crypto.randomUUID();
      current.current = { runId, request, startedAt: null };
      const command: RunnerCommand = {
        type: 'run',
        runId,
        language: request.language,
        mainFile: request.mainFile,
        files: request.files,
      };
      log.current = EMPTY_LOG;
      setState({ ...IDLE, status: 'loading', timeLimitMs: request.timeLimitMs });
      timer.current = setTimeout(() => finish('timeout', LOAD_TIMEOUT), ENGINE_LOAD_LIMIT_MS);
      const target = frameRef.current?.contentWindow;
      // '*': the sandbox's origin is opaque, so no origin names it.
      if (ready.current && target) {
        target.postMessage(command, '*');
      } else {
        queued.current = command;
        if (!frameRef.current) setFrameKey((key) => (key ?? 0) + 1);
      }
    },
    [finish],
  );

  const stop = useCallback(() => finish('stopped'), [finish]);

  return { state, run, stop, frameKey, frameRef };
}
