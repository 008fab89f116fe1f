import { Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Y from 'yjs';
import { OutputPanel } from '#client/features/codehub/runner/output-panel.tsx';
import {
  fileTextKey,
  RUN_OUTPUT_MAX,
  type LiveSession,
  type ShareRun,
} from '#shared/codehub/live-schemas.ts';
import type { RunResult } from '#shared/codehub/runner-protocol.ts';
import { OutputTab } from './output-tab.tsx';

/** A result table as tab-separated lines, so a shared SQL run reads like its output. */
const tableText = (table: RunResult['tables'][number]) =>
  [table.columns, ...table.rows]
    .map((row) => row.map((cell) => String(cell)).join('\t'))
    .join('\n');

const capped = (text: string) =>
  text.length > RUN_OUTPUT_MAX ? `${text.slice(0, RUN_OUTPUT_MAX)}\n…` : text;

/** What a participant shares of a run (POST …/runs): its streams, tables, status and time. */
export function sharedRunOf(result: RunResult): ShareRun {
  const stream = (name: 'stdout' | 'stderr') =>
    result.output
      .filter((chunk) => chunk.stream === name)
      .map((chunk) => chunk.text)
      .join('');
  const stdout = [stream('stdout'), ...result.tables.map(tableText)].filter(Boolean).join('\n');
  const stderr = [stream('stderr'), result.error ?? ''].filter(Boolean).join('\n');
  return {
    language: result.language,
    stdout: capped(stdout),
    stderr: capped(stderr),
    exitStatus: result.status === 'ok' ? 0 : 1,
    durationMs: Math.round(result.durationMs),
  };
}

/** The files as the shared document holds them now; re-read on every change of the document. */
function useDocFiles(doc: Y.Doc, files: LiveSession['files']) {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const changed = () => setVersion((version) => version + 1);
    doc.on('update', changed);
    return () => doc.off('update', changed);
  }, [doc]);
  return files.map((file) => ({
    filename: file.filename,
    content: doc.getText(fileTextKey(file.id)).toJSON(),
  }));
}

/**
 * The Output tab (issue 13 item 4): host and editors run the session's current code in the
 * browser sandbox and may share a run; everyone sees the shared runs, live.
 */
export function LiveOutput({
  session,
  doc,
  canRun,
  onShare,
  sharing,
}: {
  session: LiveSession;
  doc: Y.Doc | null;
  canRun: boolean;
  onShare: (run: ShareRun) => void;
  sharing: boolean;
}) {
  const { t } = useTranslation('codehubLive');
  const [last, setLast] = useState<RunResult | null>(null);
  const main = session.files.find((file) => file.isMain) ?? session.files[0];
  return (
    <div className="flex flex-col gap-4">
      {canRun && doc && main ? (
        <div className="flex flex-col gap-2">
          <RunnerForDoc doc={doc} session={session} main={main} onResult={setLast} />
          <button
            type="button"
            className="btn-outline self-start"
            disabled={!last || sharing}
            onClick={() => {
              if (!last) return;
              onShare(sharedRunOf(last));
              setLast(null);
            }}
          >
            <Share2 size={16} aria-hidden="true" />
            {t('output.share')}
          </button>
        </div>
      ) : null}
      <OutputTab runs={session.runs} />
    </div>
  );
}

function RunnerForDoc({
  doc,
  session,
  main,
  onResult,
}: {
  doc: Y.Doc;
  session: LiveSession;
  main: LiveSession['files'][number];
  onResult: (result: RunResult) => void;
}) {
  const files = useDocFiles(doc, session.files);
  return (
    <OutputPanel
      files={files}
      mainFile={main.filename}
      language={main.language}
      onResult={onResult}
    />
  );
}
