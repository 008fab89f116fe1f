import { z } from 'zod';
import type { Database, Executor } from '#server/db/client.ts';
import { findUniqueViolation } from '#server/db/database-errors.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import { requireOwnRow, requireReadableRow } from '#server/ports/ownership.ts';
import type { Page } from '#shared/api/pagination.ts';
import {
  CODEHUB_MESSAGES as M,
  CreateFileSchema,
  CreateProjectSchema,
  MAX_FILE_BYTES,
  MAX_FILES_PER_PROJECT,
  MAX_PROJECT_BYTES,
  utf8Bytes,
  type CodeFile,
  type CodeProject,
  type ProjectListQuery,
  type UpdateFile,
  type UpdateProject,
} from '#shared/codehub/codehub-schemas.ts';
import { findLanguage, languageOfFile, type CodeLanguageId } from '#shared/codehub/languages.ts';
import { AppError, conflict, invalid, notFound } from '#shared/errors/app-error.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import * as q from './codehub.queries.ts';
import { announceFiles, followProjectFiles } from './live-session-files.ts';
import { listActiveSessionsOf } from './live-sessions.queries.ts';

/** Projects and files of the code hub (issue 13 item 1; decision 200). */

const CursorSchema = z.object({ lastActiveAt: z.iso.datetime(), id: z.uuid() });

function toProject(row: q.CodeProjectRow, userId: number): CodeProject {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language as CodeLanguageId,
    isPublic: row.isPublic,
    viewCount: row.viewCount,
    lastActiveAt: row.lastActiveAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: { id: row.userId, name: row.ownerName },
    isOwner: row.userId === userId,
  };
}

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

/** A project the user may read: their own or a public one; anything else is 404. */
const readableProject = async (db: Executor, userId: number, projectId: string) =>
  requireReadableRow(await q.findProject(db, projectId), userId, M.projectNotFound);

/** A project the user may change: only their own; someone else's is 404, public or not. */
const ownProject = async (db: Executor, userId: number, projectId: string) =>
  requireOwnRow(await q.findProject(db, projectId), userId, M.projectNotFound);

export async function listProjects(
  db: Executor,
  userId: number,
  query: ProjectListQuery,
): Promise<Page<CodeProject>> {
  const cursor = query.cursor ? decodeCursor(query.cursor, CursorSchema) : null;
  const rows = await q.listProjects(
    db,
    { scope: query.scope, userId, order: query.order, limit: query.limit },
    cursor ? { lastActiveAt: new Date(cursor.lastActiveAt), id: cursor.id } : null,
  );
  return toPage(
    rows,
    query.limit,
    (row) => toProject(row, userId),
    (row) => ({ lastActiveAt: row.lastActiveAt.toISOString(), id: row.id }),
  );
}

export async function createProject(
  db: Database,
  userId: number,
  input: z.output<typeof CreateProjectSchema>,
) {
  const projectId = await db.transaction(async (tx) => {
    const id = await q.insertProject(tx, {
      userId,
      name: input.name,
      description: input.description,
      language: input.language,
      isPublic: input.isPublic,
      // Written from here (millisecond precision) so page cursors compare equal.
      lastActiveAt: new Date(),
    });
    const language = findLanguage(input.language);
    if (input.fromTemplate && language) {
      await q.insertFile(tx, {
        projectId: id,
        filename: language.mainFile,
        content: language.template,
        language: language.id,
        isMain: true,
        size: utf8Bytes(language.template),
      });
    }
    return id;
  });
  return getProject(db, userId, projectId, { countView: false });
}

export async function getProject(
  db: Executor,
  userId: number,
  projectId: string,
  { countView }: { countView: boolean },
) {
  const row = await readableProject(db, userId, projectId);
  if (countView && row.userId !== userId) {
    await q.incrementViews(db, projectId);
    row.viewCount += 1;
  }
  return toProject(row, userId);
}

export async function updateProject(
  db: Executor,
  userId: number,
  projectId: string,
  input: UpdateProject,
) {
  await ownProject(db, userId, projectId);
  await q.updateProject(db, projectId, input);
  return getProject(db, userId, projectId, { countView: false });
}

export async function deleteProject(db: Executor, userId: number, projectId: string) {
  await ownProject(db, userId, projectId);
  await q.deleteProject(db, projectId);
}

export async function listFiles(db: Executor, userId: number, projectId: string) {
  await readableProject(db, userId, projectId);
  return { files: (await q.listFiles(db, projectId)).map(toFile) };
}

/** Checks the file and project limits for content of `bytes` replacing `exceptFileId`. */
async function checkLimits(tx: Executor, projectId: string, bytes: number, exceptFileId?: string) {
  if (bytes > MAX_FILE_BYTES)
    throw tooLarge(M.fileTooLarge, { size: bytes, limit: MAX_FILE_BYTES });
  const usage = await q.projectUsage(tx, projectId, exceptFileId);
  if (!exceptFileId && usage.files >= MAX_FILES_PER_PROJECT) {
    throw tooLarge(M.tooManyFiles, { files: usage.files, limit: MAX_FILES_PER_PROJECT });
  }
  if (usage.bytes + bytes > MAX_PROJECT_BYTES) {
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

export async function createFile(
  db: Database,
  pubsub: PubSub,
  userId: number,
  projectId: string,
  input: z.output<typeof CreateFileSchema>,
) {
  await ownProject(db, userId, projectId);
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
  await ownProject(db, userId, projectId);
  const row = await db
    .transaction(async (tx) => {
      await q.lockProject(tx, projectId);
      const file = await q.findFile(tx, projectId, fileId);
      if (!file) throw notFound(M.fileNotFound);
      if (input.isMain === false && file.isMain) {
        throw invalid(M.mainFileRequired, { isMain: [M.mainFileRequired] });
      }
      const changes: Parameters<typeof q.updateFile>[2] = {};
      if (input.content !== undefined) {
        // The session's document holds the text while it runs and writes it back: a save from
        // outside would be overwritten a second later (decision 230).
        if ((await listActiveSessionsOf(tx, projectId)).length > 0) {
          throw conflict(M.fileInLiveSession, { liveSession: true });
        }
        changes.size = utf8Bytes(input.content);
        await checkLimits(tx, projectId, changes.size, fileId);
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
  await ownProject(db, userId, projectId);
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
