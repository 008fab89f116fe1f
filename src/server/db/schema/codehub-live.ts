import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { at } from './columns.ts';
import { codeProjects } from './codehub.ts';

/** Binary data (a Yjs update): a Buffer to node-postgres, a Uint8Array from either driver. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * Live coding sessions (spec 02 §3 code_sessions, §4). `docState` is the compacted Yjs state
 * (decision 230): the merge of every logged update up to `docStateActionId`, so loading a
 * session reads one snapshot plus the updates after it.
 */
export const codeSessions = pgTable(
  'code_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => codeProjects.id, { onDelete: 'cascade' }),
    hostUserId: integer('host_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    mode: text('mode').notNull().default('collaborative'),
    startedAt: at('started_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    docState: bytea('doc_state'),
    docStateActionId: bigint('doc_state_action_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('code_sessions_host_idx').on(t.hostUserId, t.startedAt),
    index('code_sessions_project_idx').on(t.projectId),
  ],
);

/** Who takes part in a session and with which role (host, editor, viewer; default viewer). */
export const codeSessionParticipants = pgTable(
  'code_session_participants',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => codeSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'host' | 'editor' | 'viewer'>().notNull().default('viewer'),
    joinedAt: at('joined_at').notNull().defaultNow(),
    leftAt: at('left_at'),
    /** 'online' while the user has a live connection to the session, else 'offline'. */
    connectionStatus: text('connection_status').notNull().default('offline'),
    cursorPosition: jsonb('cursor_position'),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index('code_session_participants_user_idx').on(t.userId),
  ],
);

/**
 * The session's log (spec 02 §3 code_actions) and its replay: start, join, leave, role, edit,
 * run, end, in the order of `id`. An `edit` (and the `start` seed) carries its Yjs update, so
 * applying the updates in order rebuilds every file at any moment (decision 230).
 */
export const codeActions = pgTable(
  'code_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => codeSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    content: text('content').notNull().default(''),
    position: jsonb('position'),
    timestamp: at('timestamp').notNull().defaultNow(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    update: bytea('update'),
  },
  (t) => [index('code_actions_session_idx').on(t.sessionId, t.id)],
);

/**
 * Who is connected to a session, per instance (decision 233): a row while the user has a live
 * connection on that instance, refreshed by the instance's heartbeat. A user is online while any
 * row of theirs has not expired, so a crashed instance's rows stop counting by themselves.
 */
export const codeSessionPresence = pgTable(
  'code_session_presence',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => codeSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId, t.instanceId] }),
    index('code_session_presence_instance_idx').on(t.instanceId),
  ],
);
