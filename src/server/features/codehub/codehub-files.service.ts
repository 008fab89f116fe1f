import type { z } from 'zod';
import type { Database, Executor } from '#server/db/client.ts';
import { findUniqueViolation } from '#server/db/database-errors.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import {
  CODEHUB_MESSAGES as M,
  CreateFileSchema,
  MAX_FILE_BYTES,
  MAX_FILES_PER_PROJECT,
  MAX_PROJECT_BYTES,
  utf8Bytes,
  type CodeFile,
  type FileChangedDetails,
  type UpdateFile,
} from '#shared/codehub/codehub-schemas.ts';
import { languageOfFile } from '#shared/codehub/languages.ts';
import { AppError, conflict, invalid, notFound } from '#shared/errors/app-error.ts';
import * as q from './codehub.queries.ts';
import { requireOwnProject, requireReadableProject } from './codehub.service.ts';
import { announceFiles, followProjectFiles } from './live-session-files.ts';
import { listActiveSessionsOf } from './live-sessions.queries.ts';

/** The files of a code hub project (issue 13 item 1; decisions 200, 230, 328). */

function toFile(row: q.CodeFileRow): CodeFile {
  return {
    id: row.id,
    projectId: row.projectId,
    filename: row.filename,
    content: row.content,
    language: row.language,
    isMain: row.isMain,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const tooLarge = (message: string, details?: Record<string, number>) =>
  new AppError('VALIDATION_ERROR', 413, message, details);

export async function listFiles(db: Executor, userId: number, projectId: string) {
  await requireReadableProject(db, userId, projectId);
  return { files: (await q.listFiles(db, projectId)).map(toFile) };
}

/**
 * Checks the file and project limits for content of `bytes` replacing `replaced` (a new file
 * replaces nothing). A project may hold more than its limit after a live session, whose room
 * is larger (MAX_SESSION_TEXT): there a save that does not grow the project still passes, so
 * the owner can go on editing and trimming it (decision 344).
 */
async function checkLimits(
  tx: Executor,
  projectId: string,
  bytes: number,
  replaced?: { id: string; size: number },
) {
  if (bytes > MAX_FILE_BYTES)
    throw tooLarge(M.fileTooLarge, { size: bytes, limit: MAX_FILE_BYTES });
  const usage = await q.projectUsage(tx, projectId, replaced?.id);
  if (!replaced && usage.files >= MAX_FILES_PER_PROJECT) {
    throw tooLarge(M.tooManyFiles, { files: usage.files, limit: MAX_FILES_PER_PROJECT });
  }
  if (usage.bytes + bytes > MAX_PROJECT_BYTES && bytes > (replaced?.size ?? 0)) {
    throw tooLarge(M.projectTooLarge, { size: usage.bytes + bytes, limit: MAX_PROJECT_BYTES });
  }
  return usage;
}

/** A unique violation of the filename is a 409; anything else passes through. */
function filenameConflict(error: unknown): never {
  const violation = findUniqueViolation(error);
  if (violation?.constraint === 'code_files_project_filename_key') {
    throw conflict(M.filenameTaken, { filename: [M.filenameTaken] });
  }
  throw error;
}

/**
 * A change made on an older version of the file is refused (decision 328): the 409 carries the
 * file as it is now, so the client can offer "overwrite" or "take theirs" without asking again.
 * Compared at the precision the API gives `updatedAt` (milliseconds, as toISOString() writes it).
 */
function requireBaseVersion(file: q.CodeFileRow, baseUpdatedAt: string | undefined) {
  if (baseUpdatedAt === undefined) return;
  if (new Date(baseUpdatedAt).getTime() === file.updatedAt.getTime()) return;
  throw conflict(M.fileChanged, { current: toFile(file) } satisfies FileChangedDetails);
}

export async function createFile(
  db: Database,
  pubsub: PubSub,
  userId: number,
  projectId: string,
  input: z.output<typeof CreateFileSchema>,
) {
  await requireOwnProject(db, userId, projectId);
  const row = await db
    .transaction(async (tx) => {
      await q.lockProject(tx, projectId);
      const bytes = utf8Bytes(input.content);
      const usage = await checkLimits(tx, projectId, bytes);
      // The first file is main; a new main file takes the flag from the old one.
      const isMain = usage.files === 0 || input.isMain;
      if (isMain) await q.clearMain(tx, projectId);
      const file = await q.insertFile(tx, {
        projectId,
        filename: input.filename,
        content: input.content,
        language: languageOfFile(input.filename),
        isMain,
        size: bytes,
      });
      await q.touchProject(tx, projectId);
      // A running session shows the new file at once (seeded with its text).
      return { file, live: await followProjectFiles(tx, projectId, userId, file) };
    })
    .catch(filenameConflict);
  announceFiles(pubsub, row.live);
  return toFile(row.file);
}

export async function updateFile(
  db: Database,
  pubsub: PubSub,
  userId: number,
  projectId: string,
  fileId: string,
  input: UpdateFile,
) {
  await requireOwnProject(db, userId, projectId);
  const row = await db
    .transaction(async (tx) => {
      // Under the project's lock: of two saves on the same version, the second sees the first.
      await q.lockProject(tx, projectId);
      const file = await q.findFile(tx, projectId, fileId);
      if (!file) throw notFound(M.fileNotFound);
      if (input.isMain === false && file.isMain) {
        throw invalid(M.mainFileRequired, { isMain: [M.mainFileRequired] });
      }
      // The session's document holds the text while it runs and writes it back: a save from
      // outside would be overwritten a second later (decision 230).
      if (input.content !== undefined && (await listActiveSessionsOf(tx, projectId)).length > 0) {
        throw conflict(M.fileInLiveSession, { liveSession: true });
      }
      requireBaseVersion(file, input.baseUpdatedAt);
      const changes: Parameters<typeof q.updateFile>[2] = {};
      if (input.content !== undefined) {
        changes.size = utf8Bytes(input.content);
        await checkLimits(tx, projectId, changes.size, file);
        changes.content = input.content;
      }
      if (input.filename !== undefined) {
        changes.filename = input.filename;
        changes.language = languageOfFile(input.filename);
      }
      if (input.isMain === true && !file.isMain) {
        await q.clearMain(tx, projectId);
        changes.isMain = true;
      }
      const updated = await q.updateFile(tx, fileId, changes);
      await q.touchProject(tx, projectId);
      // A rename or a new main file shows in running sessions at once.
      const renamed = changes.filename !== undefined || changes.isMain !== undefined;
      const live = renamed ? await followProjectFiles(tx, projectId, userId) : [];
      return { updated, live };
    })
    .catch(filenameConflict);
  announceFiles(pubsub, row.live);
  return toFile(row.updated);
}

export async function deleteFile(
  db: Database,
  pubsub: PubSub,
  userId: number,
  projectId: string,
  fileId: string,
) {
  await requireOwnProject(db, userId, projectId);
  const live = await db.transaction(async (tx) => {
    await q.lockProject(tx, projectId);
    const file = await q.findFile(tx, projectId, fileId);
    if (!file) throw notFound(M.fileNotFound);
    await q.deleteFile(tx, fileId);
    // The project keeps a main file while it has files (decision 200).
    if (file.isMain) {
      const next = await q.firstFile(tx, projectId);
      if (next) await q.updateFile(tx, next.id, { isMain: true });
    }
    await q.touchProject(tx, projectId);
    return followProjectFiles(tx, projectId, userId);
  });
  announceFiles(pubsub, live);
}
