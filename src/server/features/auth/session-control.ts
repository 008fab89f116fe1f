import type { LiveConnections } from '#server/http/live-connections.ts';
import type { SessionControl } from '#server/ports/sessions.ts';
import { closeTargetSessions } from './sessions.queries.ts';

/** The sessions port (src/server/ports/sessions.ts): the database rows here, open streams there. */
export function createSessionControl(live: LiveConnections): SessionControl {
  return {
    // Taking administrator rights away closes streams only; no session ends.
    end: async (db, target) =>
      'adminStreamsOf' in target ? 0 : closeTargetSessions(db, target, new Date()),
    disconnect: (target) => live.close(target),
  };
}
