/**
 * Replies being generated, as features other than the chat need them (deleting a conversation
 * ends its reply). The realtime layer implements it (src/server/realtime/generation-registry.ts,
 * also across instances on Redis); app.ts hands it to the features that need it (features
 * never import each other).
 */
export interface GenerationControl {
  /**
   * Runs `work` (the deletion of a conversation) with no reply of this user running there: a
   * running one is cancelled first (its upstream request aborted at once; nothing more is stored
   * into the conversation, its token usage is still recorded), and a new message to the
   * conversation waits until `work` is done, so it cannot store into a conversation mid-deletion.
   */
  withRepliesCancelled<T>(
    conversationId: string,
    userId: number,
    work: () => Promise<T>,
  ): Promise<T>;
}
