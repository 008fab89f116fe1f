import * as Y from 'yjs';
import type { Database } from '#server/db/client.ts';
import { MAX_FILE_BYTES, utf8Bytes } from '#shared/codehub/codehub-schemas.ts';
import { fileTextKey } from '#shared/codehub/live-schemas.ts';
import * as q from './live-sessions.queries.ts';
import { withoutNul } from '#shared/validation/database-input.ts';

/**
 * A session's Yjs document in the database (decision 230): one Y.Doc per session, one Y.Text per
 * file. Every update is appended to code_actions as it arrives (the replay log, in order); a
 * snapshot merges the log now and then so loading reads little; the files' plain text goes back
 * to code_files a moment after the typing stops.
 */

export interface SessionFile {
  id: string;
  filename: string;
  language: string;
  isMain: boolean;
}

/** The first state of a session: each file's text, made once on the server (the seed). */
export function seedUpdate(files: { id: string; content: string }[]): Uint8Array {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const file of files) doc.getText(fileTextKey(file.id)).insert(0, file.content);
  });
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/** Merges the log into the snapshot (in one transaction, so two instances cannot interleave). */
export async function compact(db: Database, sessionId: string) {
  await db.transaction(async (tx) => {
    const stored = await q.loadDocument(tx, sessionId);
    if (!stored || stored.updates.length === 0) return;
    const parts = stored.updates.map((row) => row.update!);
    if (stored.state) parts.unshift(stored.state);
    await q.storeSnapshot(tx, sessionId, Y.mergeUpdates(parts), stored.updates.at(-1)!.id);
  });
}

/** Logged updates not yet in the snapshot: how many, and their bytes. */
export interface LogSinceSnapshot {
  updates: number;
  bytes: number;
}

/**
 * Applies the stored state to `doc` (with `origin`, so the caller does not log it again); returns
 * what of the log is not in the snapshot yet.
 */
export async function loadInto(
  db: Database,
  sessionId: string,
  doc: Y.Doc,
  origin: unknown,
): Promise<LogSinceSnapshot> {
  const stored = await q.loadDocument(db, sessionId);
  if (!stored) return { updates: 0, bytes: 0 };
  const parts = stored.updates.map((row) => row.update!);
  const bytes = parts.reduce((sum, part) => sum + part.byteLength, 0);
  if (stored.state) parts.unshift(stored.state);
  if (parts.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(parts), origin);
  return { updates: stored.updates.length, bytes };
}

/** Writes each file's current text to code_files (files over the size limit are left as they were). */
export async function writeBack(
  db: Database,
  projectId: string,
  files: readonly SessionFile[],
  doc: Y.Doc,
) {
  for (const file of files) {
    // A NUL typed into the shared text is not written back: code_files could not hold it.
    const content = withoutNul(doc.getText(fileTextKey(file.id)).toJSON());
    const size = utf8Bytes(content);
    if (size > MAX_FILE_BYTES) continue;
    await q.writeFileContent(db, projectId, file.id, content, size);
  }
}
