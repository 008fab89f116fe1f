import type { Executor } from '#server/db/client.ts';
import type { SessionTarget, StreamTarget } from '#server/http/live-connections.ts';

export type { SessionTarget, StreamTarget } from '#server/http/live-connections.ts';

/**
 * Ending sessions, as the admin features need it (revoke, suspend, delete). Implemented by
 * features/auth, which owns sessions; app.ts hands it over (features never import each other).
 */
export interface SessionControl {
  /**
   * Ends the target's live sessions on `db` (the caller's transaction): their tokens never
   * resolve again, so each one's next request gets 401. Returns how many were ended.
   */
  end(db: Executor, target: SessionTarget): Promise<number>;
  /** Closes the target's open streams on every instance; call once the ending has committed. */
  disconnect(target: StreamTarget): void;
}
