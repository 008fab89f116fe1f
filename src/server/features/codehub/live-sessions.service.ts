import { z } from 'zod';
import type { Database, Executor } from '#server/db/client.ts';
import { CODEHUB_MESSAGES } from '#shared/codehub/codehub-schemas.ts';
import type { CodeLanguageId } from '#shared/codehub/languages.ts';
import {
  LIVE_MESSAGES as M,
  RUN_OUTPUT_MAX,
  type ActionType,
  type ChangeRole,
  type LiveRole,
  type LiveSession,
  type Replay,
  type ReplayAction,
  type ReplayQuery,
  type SessionSummary,
  type SharedRun,
  type ShareRun,
} from '#shared/codehub/live-schemas.ts';
import { forbidden, notFound } from '#shared/errors/app-error.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import { requireOwnRow } from '#server/ports/ownership.ts';
import * as projects from './codehub.queries.ts';
import type { LiveHub } from './live-hub.ts';
import type { SessionFile } from './live-document.ts';
import { sessionFilesOf } from './live-session-files.ts';
import * as q from './live-sessions.queries.ts';

/** Live sessions: who may see, join, steer and end them (issue 13 items 2 and 3; decision 230). */

const RUNS_SHOWN = 50;

type SessionRow = q.SessionDetailsRow;

/**
 * A session the user may see: active, and either they take part or they may read its project
 * (their own or a public one). Everything else is 404 'Session not found' (spec 02 §8).
 */
async function visibleSession(db: Executor, userId: number, sessionId: string) {
  const session = await q.findSession(db, sessionId);
  if (!session || !session.isActive) throw notFound(M.sessionNotFound);
  const participant = await q.findParticipant(db, sessionId, userId);
  if (!participant && session.projectOwnerId !== userId && !session.projectIsPublic) {
    throw notFound(M.sessionNotFound);
  }
  return { session, participant };
}

/** The host of a session the user may see; any other participant is refused (403). */
async function hostedSession(db: Executor, userId: number, sessionId: string) {
  const visible = await visibleSession(db, userId, sessionId);
  if (visible.session.hostUserId !== userId) throw forbidden(M.hostOnly);
  return visible.session;
}

const filesOf = (session: SessionRow) =>
  (session.metadata.files as SessionFile[] | undefined) ?? [];

function toRun(row: Awaited<ReturnType<typeof q.listActions>>[number]): SharedRun {
  const meta = row.metadata;
  return {
    id: row.id,
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    language: row.content,
    stdout: typeof meta.stdout === 'string' ? meta.stdout : '',
    stderr: typeof meta.stderr === 'string' ? meta.stderr : '',
    exitStatus: typeof meta.exitStatus === 'number' ? meta.exitStatus : null,
    durationMs: typeof meta.durationMs === 'number' ? meta.durationMs : null,
    at: row.timestamp.toISOString(),
  };
}

async function details(db: Executor, userId: number, session: SessionRow): Promise<LiveSession> {
  const participants = await q.listParticipants(db, session.id);
  const runs = await q.listActions(db, session.id, { type: 'run', last: RUNS_SHOWN });
  return {
    id: session.id,
    state: session.isActive ? 'active' : 'ended',
    mode: session.mode,
    startedAt: session.startedAt.toISOString(),
    project: {
      id: session.projectId,
      name: session.projectName,
      language: session.projectLanguage as CodeLanguageId,
    },
    host: { id: session.hostUserId, name: session.hostName },
    myRole: participants.find((p) => p.userId === userId)?.role ?? null,
    participants: participants.map((p) => ({
      userId: p.userId,
      name: p.name,
      role: p.role,
      online: p.online,
      joinedAt: p.joinedAt.toISOString(),
    })),
    files: filesOf(session),
    runs: runs.map(toRun),
  };
}

/**
 * Starts a session on the user's own project; they are its host (spec 02 §4). Only the owner:
 * the session writes its text back into the project's files (decision 200: every change is the
 * owner's), and others take part by joining.
 */
export async function createSession(db: Database, userId: number, projectId: string) {
  const project = requireOwnRow(
    await projects.findProject(db, projectId),
    userId,
    CODEHUB_MESSAGES.projectNotFound,
  );
  // yjs is loaded when the first session starts, not with the server.
  const { seedUpdate } = await import('./live-document.ts');
  return db.transaction(async (tx) => {
    const files = await projects.listFiles(tx, projectId);
    const sessionFiles = sessionFilesOf(files);
    const sessionId = await q.insertSession(tx, {
      projectId,
      hostUserId: userId,
      metadata: { files: sessionFiles },
    });
    await q.addParticipant(tx, sessionId, userId, 'host');
    // The document is seeded once, here, from the files: every client then shares its items.
    await q.insertActions(tx, [
      {
        sessionId,
        userId,
        actionType: 'start' satisfies ActionType,
        content: project.name,
        metadata: { files: sessionFiles.map((f) => f.filename) },
        update: seedUpdate(files),
      },
    ]);
    return { sessionId };
  });
}

export async function getSession(db: Executor, userId: number, sessionId: string) {
  const { session } = await visibleSession(db, userId, sessionId);
  return details(db, userId, session);
}

/** Joins as a viewer (the default role); joining again changes nothing. */
export async function joinSession(db: Executor, live: LiveHub, userId: number, sessionId: string) {
  const { session, participant } = await visibleSession(db, userId, sessionId);
  if (!participant) {
    await q.addParticipant(db, sessionId, userId);
    live.changed(sessionId);
  }
  return details(db, userId, session);
}

export async function changeRole(
  db: Database,
  live: LiveHub,
  hostId: number,
  sessionId: string,
  targetUserId: number,
  input: ChangeRole,
) {
  const session = await hostedSession(db, hostId, sessionId);
  if (targetUserId === session.hostUserId) throw forbidden(M.hostRole);
  const target = await q.findParticipant(db, sessionId, targetUserId);
  if (!target) throw notFound('Participant not found');
  if (target.role !== input.role) {
    await db.transaction(async (tx) => {
      await q.setRole(tx, sessionId, targetUserId, input.role);
      await q.insertActions(tx, [
        {
          sessionId,
          userId: hostId,
          actionType: 'role' satisfies ActionType,
          content: input.role,
          metadata: { targetUserId, from: target.role, to: input.role },
        },
      ]);
    });
    // Every instance applies it to the user's open connections and tells the clients.
    live.roleChanged(sessionId, targetUserId, input.role);
  }
  return details(db, hostId, session);
}

export async function endSession(db: Database, live: LiveHub, hostId: number, sessionId: string) {
  await hostedSession(db, hostId, sessionId);
  await db.transaction(async (tx) => {
    if (!(await q.endSession(tx, sessionId, new Date()))) throw notFound(M.sessionNotFound);
    await q.insertActions(tx, [{ sessionId, userId: hostId, actionType: 'end' }]);
  });
  await live.ended(sessionId);
}

/** A run shared into the session's Output by an editor or the host. */
export async function shareRun(
  db: Executor,
  live: LiveHub,
  userId: number,
  sessionId: string,
  input: Required<ShareRun>,
) {
  const { participant } = await visibleSession(db, userId, sessionId);
  if (!participant) throw forbidden(M.notParticipant);
  if (participant.role === 'viewer') throw forbidden(M.viewerCannotRun);
  const [row] = await q.insertActions(db, [
    {
      sessionId,
      userId,
      actionType: 'run' satisfies ActionType,
      content: input.language,
      metadata: {
        stdout: input.stdout.slice(0, RUN_OUTPUT_MAX),
        stderr: input.stderr.slice(0, RUN_OUTPUT_MAX),
        exitStatus: input.exitStatus,
        durationMs: input.durationMs,
      },
    },
  ]);
  live.changed(sessionId);
  const [stored] = (await q.listActions(db, sessionId, { type: 'run', last: 1 })).filter(
    (r) => r.id === row!.id,
  );
  return toRun(stored!);
}

function toReplayAction(row: Awaited<ReturnType<typeof q.listActions>>[number]): ReplayAction {
  return {
    id: row.id,
    type: row.type as ActionType,
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    at: row.timestamp.toISOString(),
    content: row.content,
    metadata: row.metadata,
    update: row.update ? Buffer.from(row.update).toString('base64') : null,
  };
}

const ReplayCursorSchema = z.object({ id: z.number().int().nonnegative() });

/** A page of a session's log, for its participants (ended sessions included). */
export async function replay(
  db: Executor,
  userId: number,
  sessionId: string,
  page: ReplayQuery,
): Promise<Replay> {
  const session = await q.findSession(db, sessionId);
  const participant = session ? await q.findParticipant(db, sessionId, userId) : undefined;
  if (!session || !participant) throw notFound(M.sessionNotFound);
  // Keyed by the action id (the log's order): a page is stable while the session goes on.
  const afterId = page.cursor ? decodeCursor(page.cursor, ReplayCursorSchema).id : 0;
  const rows = await q.listActions(db, sessionId, { afterId, limit: page.limit + 1 });
  const { items: actions, nextCursor } = toPage(rows, page.limit, toReplayAction, (row) => ({
    id: row.id,
  }));
  return {
    sessionId,
    // Files deleted during the session too: the replay shows them as they were.
    files: [
      ...filesOf(session),
      ...((session.metadata.removedFiles as SessionFile[] | undefined) ?? []),
    ],
    actions,
    nextCursor,
  };
}

export async function listMySessions(db: Executor, userId: number) {
  const rows = await q.listSessionsOf(db, userId, 50);
  return {
    sessions: rows.map((row): SessionSummary => ({
      id: row.id,
      state: row.isActive ? 'active' : 'ended',
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      project: { id: row.projectId, name: row.projectName },
      host: { id: row.hostUserId, name: row.hostName },
      myRole: row.myRole,
    })),
  };
}

/** Who may open the live connection, and with which role (checked before the upgrade). */
export async function connectionRole(
  db: Executor,
  userId: number,
  sessionId: string,
): Promise<LiveRole> {
  const { participant } = await visibleSession(db, userId, sessionId);
  if (!participant) throw forbidden(M.notParticipant);
  return participant.role;
}
