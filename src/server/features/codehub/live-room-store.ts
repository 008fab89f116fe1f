import type { FastifyBaseLogger } from 'fastify';
import type * as Y from 'yjs';
import type { Database } from '#server/db/client.ts';
import { isRefusedData } from '#server/db/database-errors.ts';
import { EDIT_TEXT_MAX } from '#shared/codehub/live-schemas.ts';
import { withoutNul } from '#shared/validation/database-input.ts';
import { compact, writeBack, type LogSinceSnapshot, type SessionFile } from './live-document.ts';
import type { EditSummary } from './live-protocol.ts';
import * as presence from './live-presence.queries.ts';
import * as q from './live-sessions.queries.ts';

/**
 * A room's persistence (decision 230): one ordered chain of writes per session and instance —
 * the action log as updates arrive, a snapshot every so often, and the files' text written back
 * to code_files a moment after the typing stops.
 */

/** Typing pauses this long before the files' text is written back to code_files. */
const WRITE_BACK_DELAY_MS = 1000;
/** Logged updates between two snapshots, or their bytes: what merging them holds in memory. */
const COMPACT_EVERY = 200;
const COMPACT_BYTES = 8 * 1024 * 1024;
/** A log write that failed is tried again after this long, while the room is open. */
const LOG_RETRY_MS = 1000;

/** What is written back: the room's project, its files and document (read when written). */
export interface RoomText {
  projectId: string;
  files: readonly SessionFile[];
  doc: Y.Doc;
}

/** The `edit` row of one accepted update, with the text typed and where. */
export function editRow(
  sessionId: string,
  userId: number,
  summaries: readonly EditSummary[],
  update: Uint8Array,
): q.CodeActionInsert {
  const first = summaries[0];
  const inserted = summaries.map((s) => s.inserted).join('');
  return {
    sessionId,
    userId,
    actionType: 'edit',
    content: withoutNul(inserted).slice(0, EDIT_TEXT_MAX),
    position: first ? { fileId: first.fileId, index: first.index } : null,
    metadata: {
      files: [...new Set(summaries.map((s) => s.fileId))],
      inserted: inserted.length,
      deleted: summaries.reduce((sum, s) => sum + s.deleted, 0),
    },
    update,
  };
}

export class RoomStore {
  /** Rows waiting to be logged, written in order by the chain. */
  private pending: q.CodeActionInsert[] = [];
  private writing: Promise<void> = Promise.resolve();
  private writeBackTimer: NodeJS.Timeout | null = null;
  private logRetryTimer: NodeJS.Timeout | null = null;
  /** The room closed: a log write is tried once more and then given up. */
  private closing = false;
  /** Updates logged since the last snapshot (counted from the load on). */
  sinceSnapshot: LogSinceSnapshot = { updates: 0, bytes: 0 };

  constructor(
    private readonly sessionId: string,
    private readonly db: Database,
    private readonly logger: FastifyBaseLogger,
    private readonly text: () => RoomText,
  ) {}

  log(row: q.CodeActionInsert) {
    this.pending.push({ timestamp: new Date(), ...row });
    this.queueLog();
  }

  /** A log write waiting to be tried again happens now, for the last time (the room closes). */
  flushLog() {
    this.closing = true;
    if (!this.logRetryTimer) return;
    clearTimeout(this.logRetryTimer);
    this.logRetryTimer = null;
    this.queueLog();
  }

  private queueLog() {
    void this.queueWrite(async () => {
      const rows = this.pending.splice(0);
      if (rows.length === 0) return;
      try {
        await q.insertActions(this.db, rows);
      } catch (error) {
        // The updates are the session's document after a restart: they go back, in order, unless
        // the database refused the rows themselves (the session is gone), which no retry changes.
        if (!isRefusedData(error)) {
          this.pending.unshift(...rows);
          this.retryLog();
        }
        throw error;
      }
      for (const { update } of rows) {
        if (!update) continue;
        this.sinceSnapshot.updates += 1;
        this.sinceSnapshot.bytes += update.byteLength;
      }
      const { updates, bytes } = this.sinceSnapshot;
      if (updates >= COMPACT_EVERY || bytes >= COMPACT_BYTES) {
        this.sinceSnapshot = { updates: 0, bytes: 0 };
        await compact(this.db, this.sessionId);
      }
    });
  }

  private retryLog() {
    if (this.logRetryTimer || this.closing) return;
    this.logRetryTimer = setTimeout(() => {
      this.logRetryTimer = null;
      this.queueLog();
    }, LOG_RETRY_MS);
  }

  /** Runs `write` after every earlier one; a failure is logged and does not stop the chain. */
  queueWrite(write: () => Promise<unknown>) {
    const next = this.writing.then(write).then(
      () => {},
      (error: unknown) => this.logger.error({ err: error, sessionId: this.sessionId }, 'live'),
    );
    this.writing = next;
    return next;
  }

  /** The user's first connection on this instance opened (decision 233: online everywhere). */
  enter(userId: number, instance: string) {
    const at = new Date();
    return this.queueWrite(() =>
      presence.enterPresence(this.db, this.sessionId, userId, instance, at),
    );
  }

  /** The user's last connection on this instance closed. */
  leave(userId: number, instance: string, logLeave: boolean) {
    const at = new Date();
    return this.queueWrite(() =>
      presence.leavePresence(this.db, this.sessionId, userId, instance, { at, logLeave }),
    );
  }

  scheduleWriteBack() {
    if (this.writeBackTimer) clearTimeout(this.writeBackTimer);
    this.writeBackTimer = setTimeout(() => {
      this.writeBackTimer = null;
      this.queueWriteBack();
    }, WRITE_BACK_DELAY_MS);
  }

  /** A write-back still waiting for the typing to stop happens now (the room closes). */
  flushWriteBack() {
    if (!this.writeBackTimer) return;
    clearTimeout(this.writeBackTimer);
    this.writeBackTimer = null;
    this.queueWriteBack();
  }

  /** Resolves when every write queued so far is done. */
  idle() {
    return this.writing;
  }

  private queueWriteBack() {
    void this.queueWrite(() => {
      const { projectId, files, doc } = this.text();
      return writeBack(this.db, projectId, files, doc);
    });
  }
}
