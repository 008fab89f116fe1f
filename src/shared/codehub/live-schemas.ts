import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';
import { CodeLanguageSchema, MAX_PROJECT_BYTES } from './codehub-schemas.ts';

/** Live coding sessions and their replay (spec 02 §3, §4; issue 13 items 2 and 3; decision 230). */

export const LIVE_MESSAGES = {
  /** Spec 02 §8: a missing or ended session, and any session the caller may not see. */
  sessionNotFound: 'Session not found',
  hostOnly: 'Only the host can do this',
  hostRole: "The host's role cannot be changed",
  notParticipant: 'Join the session first',
  viewerCannotRun: 'Viewers cannot share runs',
} as const;

/** WebSocket close codes the live connection ends with (the client stops reconnecting). */
export const LIVE_CLOSE = {
  /** The host ended the session. */
  ended: { code: 4410, reason: 'Session ended' },
  /** The user's login was ended (sign-out elsewhere, revoked, suspended). */
  loggedOut: { code: 4401, reason: 'Login ended' },
  /** The server is shutting down; the client reconnects (to another instance or after restart). */
  restart: { code: 1012, reason: 'Server restarting' },
  /** The session could not be loaded just now (its database away); the client reconnects. */
  unavailable: { code: 1011, reason: 'Session unavailable' },
  /** An edit would make the session's files hold more than MAX_SESSION_TEXT; it was not applied. */
  tooLarge: { code: 4413, reason: 'Session too large' },
} as const;

/**
 * The text all files of a live session may hold together (UTF-16 code units): twice a project's
 * limit, room to work, and a bound on what one session keeps in the server's memory.
 */
export const MAX_SESSION_TEXT = 2 * MAX_PROJECT_BYTES;

/** At most this much readable text per edit row (the update itself is kept whole). */
export const EDIT_TEXT_MAX = 500;

/** The key of a file's Y.Text in the session's Y.Doc. */
export const fileTextKey = (fileId: string) => `file:${fileId}`;

export const LiveRoleSchema = z.enum(['host', 'editor', 'viewer']);
export type LiveRole = z.infer<typeof LiveRoleSchema>;

export const SessionParamsSchema = z.object({ sessionId: z.uuid('Not a session id') });
export const ParticipantParamsSchema = SessionParamsSchema.extend({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const CreateSessionSchema = z.object({ projectId: z.uuid('Not a project id') });
export const CreatedSessionSchema = z.object({ sessionId: z.string() });

export const ChangeRoleSchema = z.object({ role: z.enum(['viewer', 'editor']) });
export type ChangeRole = z.infer<typeof ChangeRoleSchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const ParticipantSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  role: LiveRoleSchema,
  online: z.boolean(),
  joinedAt: z.string(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

export const SessionFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  language: z.string(),
  isMain: z.boolean(),
});

export const SharedRunSchema = z.object({
  id: z.number().int(),
  user: person.nullable(),
  language: z.string(),
  stdout: z.string(),
  stderr: z.string(),
  exitStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  at: z.string(),
});
export type SharedRun = z.infer<typeof SharedRunSchema>;

export const LiveSessionSchema = z.object({
  id: z.string(),
  state: z.enum(['active', 'ended']),
  mode: z.string(),
  startedAt: z.string(),
  project: z.object({ id: z.string(), name: z.string(), language: CodeLanguageSchema }),
  host: person,
  /** The caller's role, or null when they have not joined yet. */
  myRole: LiveRoleSchema.nullable(),
  participants: z.array(ParticipantSchema),
  files: z.array(SessionFileSchema),
  /** Runs shared into the session's Output, newest last (at most the last 50). */
  runs: z.array(SharedRunSchema),
});
export type LiveSession = z.infer<typeof LiveSessionSchema>;

export const SessionSummarySchema = z.object({
  id: z.string(),
  state: z.enum(['active', 'ended']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  project: z.object({ id: z.string(), name: z.string() }),
  host: person,
  myRole: LiveRoleSchema,
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;
export const SessionListSchema = z.object({ sessions: z.array(SessionSummarySchema) });

/** Output of a run is capped so a chatty program cannot fill the log. */
export const RUN_OUTPUT_MAX = 64 * 1024;
const output = textSchema().max(RUN_OUTPUT_MAX * 4);

export const ShareRunSchema = z.object({
  language: textSchema().trim().min(1).max(40),
  stdout: output.default(''),
  stderr: output.default(''),
  exitStatus: z.number().int().min(-1_000_000).max(1_000_000).nullable().default(null),
  durationMs: z.number().int().min(0).max(86_400_000).nullable().default(null),
});
export type ShareRun = z.input<typeof ShareRunSchema>;

export const ActionTypeSchema = z.enum(['start', 'join', 'leave', 'role', 'edit', 'run', 'end']);
export type ActionType = z.infer<typeof ActionTypeSchema>;

export const ReplayActionSchema = z.object({
  id: z.number().int(),
  type: ActionTypeSchema,
  user: person.nullable(),
  at: z.string(),
  /** Readable: the text typed (edit), the new role (role), the run's language (run). */
  content: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  /** The Yjs update (base64) of `start` and `edit`; applied in order they rebuild the files. */
  update: z.string().nullable(),
});
export type ReplayAction = z.infer<typeof ReplayActionSchema>;

/** Replay pages: the log in order, this many actions a page unless asked for fewer (or more). */
export const REPLAY_PAGE_DEFAULT = 500;
export const REPLAY_PAGE_MAX = 2000;

export const ReplayQuerySchema = z.object({
  /** `nextCursor` of the previous page; the first page without it. */
  cursor: textSchema().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(REPLAY_PAGE_MAX).default(REPLAY_PAGE_DEFAULT),
});
export type ReplayQuery = z.infer<typeof ReplayQuerySchema>;

/** One page of a session's replay; every page carries the files (deleted ones included). */
export const ReplaySchema = z.object({
  sessionId: z.string(),
  files: z.array(SessionFileSchema),
  actions: z.array(ReplayActionSchema),
  /** The next page's cursor, null on the last page (so far: a running session grows). */
  nextCursor: z.string().nullable(),
});
export type Replay = z.infer<typeof ReplaySchema>;
