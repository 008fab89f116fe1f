import { z } from 'zod';
import type { Database, Executor } from '#server/db/client.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import { requireOwnRow, requireReadableRow } from '#server/ports/ownership.ts';
import type { Page } from '#shared/api/pagination.ts';
import {
  CODEHUB_MESSAGES as M,
  CreateProjectSchema,
  utf8Bytes,
  type CodeProject,
  type ProjectListQuery,
  type UpdateProject,
} from '#shared/codehub/codehub-schemas.ts';
import { findLanguage, type CodeLanguageId } from '#shared/codehub/languages.ts';
import * as q from './codehub.queries.ts';

/** Projects of the code hub (issue 13 item 1; decision 200); their files: codehub-files.service.ts. */

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

/** A project the user may read: their own or a public one; anything else is 404. */
export const requireReadableProject = async (db: Executor, userId: number, projectId: string) =>
  requireReadableRow(await q.findProject(db, projectId), userId, M.projectNotFound);

/** A project the user may change: only their own; someone else's is 404, public or not. */
export const requireOwnProject = async (db: Executor, userId: number, projectId: string) =>
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
  const row = await requireReadableProject(db, userId, projectId);
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
  await requireOwnProject(db, userId, projectId);
  await q.updateProject(db, projectId, input);
  return getProject(db, userId, projectId, { countView: false });
}

export async function deleteProject(db: Executor, userId: number, projectId: string) {
  await requireOwnProject(db, userId, projectId);
  await q.deleteProject(db, projectId);
}
