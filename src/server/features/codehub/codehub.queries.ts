import { and, asc, desc, eq, gt, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { codeFiles, codeProjects } from '#server/db/schema/codehub.ts';
import { users } from '#server/db/schema/users.ts';

export type CodeFileRow = typeof codeFiles.$inferSelect;
export type CodeFileInsert = typeof codeFiles.$inferInsert;
export type CodeProjectInsert = typeof codeProjects.$inferInsert;

const projectColumns = {
  id: codeProjects.id,
  userId: codeProjects.userId,
  name: codeProjects.name,
  description: codeProjects.description,
  language: codeProjects.language,
  isPublic: codeProjects.isPublic,
  viewCount: codeProjects.viewCount,
  lastActiveAt: codeProjects.lastActiveAt,
  createdAt: codeProjects.createdAt,
  updatedAt: codeProjects.updatedAt,
  ownerName: sql<string>`coalesce(${users.displayName}, ${users.username})`,
};

/** The sort key of project lists: most recently active first, id breaking ties. */
export interface ProjectCursor {
  lastActiveAt: Date;
  id: string;
}

export async function listProjects(
  db: Executor,
  filter: { scope: 'mine' | 'public'; userId: number; order: 'asc' | 'desc'; limit: number },
  after: ProjectCursor | null,
) {
  const conditions: SQL[] = [
    filter.scope === 'mine'
      ? eq(codeProjects.userId, filter.userId)
      : eq(codeProjects.isPublic, true),
  ];
  if (after) {
    const beyond = filter.order === 'desc' ? lt : gt;
    conditions.push(
      or(
        beyond(codeProjects.lastActiveAt, after.lastActiveAt),
        and(eq(codeProjects.lastActiveAt, after.lastActiveAt), beyond(codeProjects.id, after.id)),
      )!,
    );
  }
  const direction = filter.order === 'desc' ? desc : asc;
  return db
    .select(projectColumns)
    .from(codeProjects)
    .innerJoin(users, eq(users.id, codeProjects.userId))
    .where(and(...conditions))
    .orderBy(direction(codeProjects.lastActiveAt), direction(codeProjects.id))
    .limit(filter.limit + 1);
}

export async function findProject(db: Executor, projectId: string) {
  const [row] = await db
    .select(projectColumns)
    .from(codeProjects)
    .innerJoin(users, eq(users.id, codeProjects.userId))
    .where(eq(codeProjects.id, projectId))
    .limit(1);
  return row;
}

export type CodeProjectRow = NonNullable<Awaited<ReturnType<typeof findProject>>>;

/** Locks the project row so file changes of one project are checked one at a time. */
export async function lockProject(db: Executor, projectId: string) {
  await db
    .select({ id: codeProjects.id })
    .from(codeProjects)
    .where(eq(codeProjects.id, projectId))
    .for('update');
}

export async function insertProject(db: Executor, values: CodeProjectInsert) {
  const [row] = await db.insert(codeProjects).values(values).returning({ id: codeProjects.id });
  return row!.id;
}

export async function updateProject(
  db: Executor,
  projectId: string,
  changes: Partial<Pick<CodeProjectInsert, 'name' | 'description' | 'language' | 'isPublic'>>,
) {
  const now = new Date();
  await db
    .update(codeProjects)
    .set({ ...changes, updatedAt: now, lastActiveAt: now })
    .where(eq(codeProjects.id, projectId));
}

export async function touchProject(db: Executor, projectId: string) {
  await db
    .update(codeProjects)
    .set({ lastActiveAt: new Date() })
    .where(eq(codeProjects.id, projectId));
}

export async function incrementViews(db: Executor, projectId: string) {
  await db
    .update(codeProjects)
    .set({ viewCount: sql`${codeProjects.viewCount} + 1` })
    .where(eq(codeProjects.id, projectId));
}

export async function deleteProject(db: Executor, projectId: string) {
  await db.delete(codeProjects).where(eq(codeProjects.id, projectId));
}

export async function listFiles(db: Executor, projectId: string) {
  return db
    .select()
    .from(codeFiles)
    .where(eq(codeFiles.projectId, projectId))
    .orderBy(desc(codeFiles.isMain), asc(codeFiles.filename));
}

export async function findFile(db: Executor, projectId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(codeFiles)
    .where(and(eq(codeFiles.projectId, projectId), eq(codeFiles.id, fileId)))
    .limit(1);
  return row;
}

/** Files and bytes of the project, leaving out one file (the one being replaced). */
export async function projectUsage(db: Executor, projectId: string, exceptFileId?: string) {
  const conditions = [eq(codeFiles.projectId, projectId)];
  if (exceptFileId) conditions.push(ne(codeFiles.id, exceptFileId));
  const [row] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${codeFiles.size}), 0)::int`,
    })
    .from(codeFiles)
    .where(and(...conditions));
  return row ?? { files: 0, bytes: 0 };
}

export async function insertFile(db: Executor, values: CodeFileInsert) {
  const [row] = await db.insert(codeFiles).values(values).returning();
  return row!;
}

/**
 * The `updated_at` of a file being changed: now, yet always later than before, so the version a
 * client holds (decision 328) moves with every write, two writes in one millisecond included.
 */
export const nextFileVersion = (now: Date) =>
  sql<Date>`greatest(${now.toISOString()}::timestamptz, ${codeFiles.updatedAt} + interval '1 millisecond')`;

export async function updateFile(
  db: Executor,
  fileId: string,
  changes: Partial<Pick<CodeFileInsert, 'filename' | 'content' | 'language' | 'isMain' | 'size'>>,
) {
  const [row] = await db
    .update(codeFiles)
    .set({ ...changes, updatedAt: nextFileVersion(new Date()) })
    .where(eq(codeFiles.id, fileId))
    .returning();
  return row!;
}

/** Clears the main flag of the project's files (before another one becomes main). */
export async function clearMain(db: Executor, projectId: string) {
  await db
    .update(codeFiles)
    .set({ isMain: false })
    .where(and(eq(codeFiles.projectId, projectId), eq(codeFiles.isMain, true)));
}

export async function deleteFile(db: Executor, fileId: string) {
  await db.delete(codeFiles).where(eq(codeFiles.id, fileId));
}

/** The file that becomes main when the main one is deleted: the first by name. */
export async function firstFile(db: Executor, projectId: string) {
  const [row] = await db
    .select({ id: codeFiles.id })
    .from(codeFiles)
    .where(eq(codeFiles.projectId, projectId))
    .orderBy(asc(codeFiles.filename))
    .limit(1);
  return row;
}
