import type { Executor } from '#server/db/client.ts';

/**
 * Ending a user's card subscription at its provider, as erasing an account needs it (decision
 * 313). Implemented by features/billing, which owns subscriptions and their provider; app.ts
 * hands it over (features never import each other).
 */
export interface SubscriptionControl {
  /**
   * Queues, in `db` (the caller's transaction), the cancellation of the user's running
   * subscription at the provider the app runs with: sent once the transaction commits, retried
   * if the provider fails, never if it rolls back. The subscription's id, or null when none runs.
   */
  cancelAtProvider(db: Executor, userId: number): Promise<string | null>;
}
