import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import {
  codeActions,
  codeSessionParticipants,
  codeSessionPresence,
} from '#server/db/schema/codehub-live.ts';

/**
 * Who is online in a live session, across instances (decision 233): one row per session, user
 * and instance while the user has a connection there, kept alive by the instance's heartbeat.
 * The database's clock decides expiry, so instances' clocks need not agree.
 */

/** An instance refreshes its rows this often… */
export const PRESENCE_HEARTBEAT_MS = 20_000;
/** …and a row counts this long after its last refresh (a crashed instance's users go offline). */
const PRESENCE_TTL = sql`now() + interval '60 seconds'`;

const live = gt(codeSessionPresence.expiresAt, sql`now()`);

/** SQL: the participant row's user is online (has an unexpired presence on any instance). */
export const isOnline = sql<boolean>`exists (
  select 1 from ${codeSessionPresence}
  where ${codeSessionPresence.sessionId} = ${codeSessionParticipants.sessionId}
    and ${codeSessionPresence.userId} = ${codeSessionParticipants.userId}
    and ${codeSessionPresence.expiresAt} > now())`;

async function onlineElsewhere(db: Executor, sessionId: string, userId: number, instance: string) {
  const rows = await db
    .select({ userId: codeSessionPresence.userId })
    .from(codeSessionPresence)
    .where(
      and(
        eq(codeSessionPresence.sessionId, sessionId),
        eq(codeSessionPresence.userId, userId),
        ne(codeSessionPresence.instanceId, instance),
        live,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const participant = (sessionId: string, userId: number) =>
  and(eq(codeSessionParticipants.sessionId, sessionId), eq(codeSessionParticipants.userId, userId));

/**
 * The user's first connection on this instance opened. Logs `join` (at `at`) unless they were
 * online on another instance already.
 */
export async function enterPresence(
  db: Executor,
  sessionId: string,
  userId: number,
  instance: string,
  at: Date,
) {
  const elsewhere = await onlineElsewhere(db, sessionId, userId, instance);
  await db
    .insert(codeSessionPresence)
    .values({ sessionId, userId, instanceId: instance, expiresAt: PRESENCE_TTL })
    .onConflictDoUpdate({
      target: [
        codeSessionPresence.sessionId,
        codeSessionPresence.userId,
        codeSessionPresence.instanceId,
      ],
      set: { expiresAt: PRESENCE_TTL },
    });
  await db
    .update(codeSessionParticipants)
    .set({ connectionStatus: 'online', leftAt: null })
    .where(participant(sessionId, userId));
  if (!elsewhere) {
    await db.insert(codeActions).values({ sessionId, userId, actionType: 'join', timestamp: at });
  }
}

/**
 * The user's last connection on this instance closed. They go offline (and `leave` is logged
 * when `logLeave`) unless another instance still serves them.
 */
export async function leavePresence(
  db: Executor,
  sessionId: string,
  userId: number,
  instance: string,
  { at, logLeave }: { at: Date; logLeave: boolean },
) {
  await db
    .delete(codeSessionPresence)
    .where(
      and(
        eq(codeSessionPresence.sessionId, sessionId),
        eq(codeSessionPresence.userId, userId),
        eq(codeSessionPresence.instanceId, instance),
      ),
    );
  if (await onlineElsewhere(db, sessionId, userId, instance)) return;
  await db
    .update(codeSessionParticipants)
    .set({ connectionStatus: 'offline', leftAt: at })
    .where(participant(sessionId, userId));
  if (logLeave) {
    await db.insert(codeActions).values({ sessionId, userId, actionType: 'leave', timestamp: at });
  }
}

/** The heartbeat: every row of this instance lives on. */
export async function refreshPresence(db: Executor, instance: string) {
  await db
    .update(codeSessionPresence)
    .set({ expiresAt: PRESENCE_TTL })
    .where(eq(codeSessionPresence.instanceId, instance));
}
