import type { Executor } from '#server/db/client.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import { codehubTopic } from '#server/realtime/topics.ts';
import { EDIT_TEXT_MAX, type ActionType } from '#shared/codehub/live-schemas.ts';
import * as projects from './codehub.queries.ts';
import type { SessionFile } from './live-document.ts';
import type { HubMessage } from './live-protocol.ts';
import * as q from './live-sessions.queries.ts';

/**
 * A project's files changed (added, renamed, deleted) while sessions run on it: each session's
 * file list follows at once (decision 230). A new file's text is seeded once, here on the server,
 * as a logged update; the rooms on every instance apply it and the clients refetch the list.
 */

/** What the rooms are told once the change is committed. */
export interface FilesAnnouncement {
  sessionId: string;
  files: SessionFile[];
  /** The new file's seed (base64), when a file was added. */
  seed: string | null;
}

/** The files a session shows: the project's files now. */
export const sessionFilesOf = (rows: Awaited<ReturnType<typeof projects.listFiles>>) =>
  rows.map((f): SessionFile => ({
    id: f.id,
    filename: f.filename,
    language: f.language,
    isMain: f.isMain,
  }));

/**
 * Brings the project's running sessions up to its files, in the transaction that changed them
 * (the project row is locked, so two changes cannot interleave). `added` is a file just created.
 */
export async function followProjectFiles(
  tx: Executor,
  projectId: string,
  userId: number,
  added?: { id: string; filename: string; content: string },
): Promise<FilesAnnouncement[]> {
  const sessions = await q.listActiveSessionsOf(tx, projectId);
  if (sessions.length === 0) return [];
  const files = sessionFilesOf(await projects.listFiles(tx, projectId));
  // yjs only when a session runs on the project.
  const seed = added ? (await import('./live-document.ts')).seedUpdate([added]) : null;
  const announcements: FilesAnnouncement[] = [];
  for (const session of sessions) {
    const before = (session.metadata.files as SessionFile[] | undefined) ?? [];
    const removed = before.filter((file) => !files.some((f) => f.id === file.id));
    // Deleted files stay known to the replay, which shows them as they were.
    const removedBefore = (session.metadata.removedFiles as SessionFile[] | undefined) ?? [];
    await q.setSessionMetadata(tx, session.id, {
      ...session.metadata,
      files,
      removedFiles: [...removedBefore, ...removed],
    });
    if (added && seed) {
      await q.insertActions(tx, [
        {
          sessionId: session.id,
          userId,
          actionType: 'edit' satisfies ActionType,
          content: added.content.slice(0, EDIT_TEXT_MAX),
          position: { fileId: added.id, index: 0 },
          metadata: {
            files: [added.id],
            inserted: added.content.length,
            deleted: 0,
            addedFile: added.filename,
          },
          update: seed,
        },
      ]);
    }
    announcements.push({
      sessionId: session.id,
      files,
      seed: seed ? Buffer.from(seed).toString('base64') : null,
    });
  }
  return announcements;
}

/** Tells every instance's room (after the commit, so a room loading now reads the change). */
export function announceFiles(pubsub: PubSub, announcements: readonly FilesAnnouncement[]) {
  for (const { sessionId, files, seed } of announcements) {
    pubsub.publish(codehubTopic(sessionId), {
      from: 'files',
      kind: 'files',
      files,
      seed,
    } satisfies HubMessage);
  }
}
