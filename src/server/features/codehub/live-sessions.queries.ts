import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { codeFiles, codeProjects } from '#server/db/schema/codehub.ts';
import {
  codeActions,
  codeSessionParticipants,
  codeSessions,
} from '#server/db/schema/codehub-live.ts';
import { users } from '#server/db/schema/users.ts';
import type { LiveRole } from '#shared/codehub/live-schemas.ts';
import { nextFileVersion } from './codehub.queries.ts';
import { isOnline } from './live-presence.queries.ts';

export type CodeSessionRow = typeof codeSessions.$inferSelect;
export type CodeActionInsert = typeof codeActions.$inferInsert;

const userName = sql<string>`coalesce(${users.displayName}, ${users.username})`;

/** The session with its project's owner and visibility (who may read it) and the host's name. */
export async function findSession(db: Executor, sessionId: string) {
  const [row] = await db
    .select({
      id: codeSessions.id,
      projectId: codeSessions.projectId,
      hostUserId: codeSessions.hostUserId,
      isActive: codeSessions.isActive,
      mode: codeSessions.mode,
      startedAt: codeSessions.startedAt,
      endedAt: codeSessions.endedAt,
      metadata: codeSessions.metadata,
      projectName: codeProjects.name,
      projectLanguage: codeProjects.language,
      projectOwnerId: codeProjects.userId,
      projectIsPublic: codeProjects.isPublic,
      hostName: userName,
    })
    .from(codeSessions)
    .innerJoin(codeProjects, eq(codeProjects.id, codeSessions.projectId))
    .innerJoin(users, eq(users.id, codeSessions.hostUserId))
    .where(eq(codeSessions.id, sessionId))
    .limit(1);
  return row;
}
export type SessionDetailsRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export async function insertSession(
  db: Executor,
  values: { projectId: string; hostUserId: number; metadata: Record<string, unknown> },
) {
  const [row] = await db
    .insert(codeSessions)
    .values({ ...values, startedAt: new Date() })
    .returning({ id: codeSessions.id });
  return row!.id;
}

export async function endSession(db: Executor, sessionId: string, at: Date) {
  const rows = await db
    .update(codeSessions)
    .set({ isActive: false, endedAt: at })
    .where(and(eq(codeSessions.id, sessionId), eq(codeSessions.isActive, true)))
    .returning({ id: codeSessions.id });
  return rows.length > 0;
}

export async function listParticipants(db: Executor, sessionId: string) {
  return db
    .select({
      userId: codeSessionParticipants.userId,
      name: userName,
      role: codeSessionParticipants.role,
      online: isOnline,
      joinedAt: codeSessionParticipants.joinedAt,
    })
    .from(codeSessionParticipants)
    .innerJoin(users, eq(users.id, codeSessionParticipants.userId))
    .where(eq(codeSessionParticipants.sessionId, sessionId))
    .orderBy(asc(codeSessionParticipants.joinedAt), asc(codeSessionParticipants.userId));
}

export async function findParticipant(db: Executor, sessionId: string, userId: number) {
  const [row] = await db
    .select()
    .from(codeSessionParticipants)
    .where(
      and(
        eq(codeSessionParticipants.sessionId, sessionId),
        eq(codeSessionParticipants.userId, userId),
      ),
    )
    .limit(1);
  return row;
}

/** Adds the user (a joiner is a viewer unless said otherwise); an existing participant stays. */
export async function addParticipant(
  db: Executor,
  sessionId: string,
  userId: number,
  role: LiveRole = 'viewer',
) {
  await db
    .insert(codeSessionParticipants)
    .values({ sessionId, userId, role, joinedAt: new Date() })
    .onConflictDoNothing();
}

export async function setRole(db: Executor, sessionId: string, userId: number, role: LiveRole) {
  await db
    .update(codeSessionParticipants)
    .set({ role })
    .where(
      and(
        eq(codeSessionParticipants.sessionId, sessionId),
        eq(codeSessionParticipants.userId, userId),
      ),
    );
}

/** Sessions the user takes part in, newest first. */
export async function listSessionsOf(db: Executor, userId: number, limit: number) {
  return db
    .select({
      id: codeSessions.id,
      isActive: codeSessions.isActive,
      startedAt: codeSessions.startedAt,
      endedAt: codeSessions.endedAt,
      projectId: codeProjects.id,
      projectName: codeProjects.name,
      hostUserId: codeSessions.hostUserId,
      hostName: userName,
      myRole: codeSessionParticipants.role,
    })
    .from(codeSessionParticipants)
    .innerJoin(codeSessions, eq(codeSessions.id, codeSessionParticipants.sessionId))
    .innerJoin(codeProjects, eq(codeProjects.id, codeSessions.projectId))
    .innerJoin(users, eq(users.id, codeSessions.hostUserId))
    .where(eq(codeSessionParticipants.userId, userId))
    .orderBy(desc(codeSessions.startedAt), desc(codeSessions.id))
    .limit(limit);
}

export async function insertActions(db: Executor, rows: CodeActionInsert[]) {
  if (rows.length === 0) return [];
  return db.insert(codeActions).values(rows).returning({ id: codeActions.id });
}

/** The session's log in order, with each author's name. */
export async function listActions(
  db: Executor,
  sessionId: string,
  filter: { type?: string; last?: number; afterId?: number; limit?: number } = {},
) {
  const conditions = [eq(codeActions.sessionId, sessionId)];
  if (filter.type) conditions.push(eq(codeActions.actionType, filter.type));
  if (filter.afterId !== undefined) conditions.push(gt(codeActions.id, filter.afterId));
  const query = db
    .select({
      id: codeActions.id,
      type: codeActions.actionType,
      userId: codeActions.userId,
      userName: sql<string | null>`coalesce(${users.displayName}, ${users.username})`,
      content: codeActions.content,
      timestamp: codeActions.timestamp,
      metadata: codeActions.metadata,
      update: codeActions.update,
    })
    .from(codeActions)
    .leftJoin(users, eq(users.id, codeActions.userId))
    .where(and(...conditions));
  if (filter.last !== undefined) {
    const newest = await query.orderBy(desc(codeActions.id)).limit(filter.last);
    return newest.reverse();
  }
  const ordered = query.orderBy(asc(codeActions.id));
  return filter.limit === undefined ? ordered : ordered.limit(filter.limit);
}

/** The compacted state and the updates logged after it (loading a session's document). */
export async function loadDocument(db: Executor, sessionId: string) {
  const [session] = await db
    .select({ state: codeSessions.docState, upTo: codeSessions.docStateActionId })
    .from(codeSessions)
    .where(eq(codeSessions.id, sessionId))
    .for('update');
  if (!session) return null;
  const updates = await db
    .select({ id: codeActions.id, update: codeActions.update })
    .from(codeActions)
    .where(
      and(
        eq(codeActions.sessionId, sessionId),
        gt(codeActions.id, session.upTo),
        isNotNull(codeActions.update),
      ),
    )
    .orderBy(asc(codeActions.id));
  return { state: session.state, upTo: session.upTo, updates };
}

export async function storeSnapshot(
  db: Executor,
  sessionId: string,
  state: Uint8Array,
  upTo: number,
) {
  await db
    .update(codeSessions)
    .set({ docState: state, docStateActionId: upTo })
    .where(eq(codeSessions.id, sessionId));
}

/** The live text of a file written back (the file may have been deleted meanwhile: no row). */
export async function writeFileContent(
  db: Executor,
  projectId: string,
  fileId: string,
  content: string,
  size: number,
) {
  const now = new Date();
  const rows = await db
    .update(codeFiles)
    // The version moves: a save made on the text from before is refused (decision 328).
    .set({ content, size, updatedAt: nextFileVersion(now) })
    .where(
      and(
        eq(codeFiles.projectId, projectId),
        eq(codeFiles.id, fileId),
        sql`${codeFiles.content} is distinct from ${content}`,
      ),
    )
    .returning({ id: codeFiles.id });
  if (rows.length > 0) {
    await db.update(codeProjects).set({ lastActiveAt: now }).where(eq(codeProjects.id, projectId));
  }
}

/** The project's sessions still going (their file lists follow the project's files). */
export async function listActiveSessionsOf(db: Executor, projectId: string) {
  return db
    .select({ id: codeSessions.id, metadata: codeSessions.metadata })
    .from(codeSessions)
    .where(and(eq(codeSessions.projectId, projectId), eq(codeSessions.isActive, true)));
}

export async function setSessionMetadata(
  db: Executor,
  sessionId: string,
  metadata: Record<string, unknown>,
) {
  await db.update(codeSessions).set({ metadata }).where(eq(codeSessions.id, sessionId));
}
