/**
 * Replies being generated, as features other than the chat need them (deleting a conversation
 * ends its reply). The chat feature implements it; app.ts hands it to the others (features
 * never import each other).
 */
export interface GenerationControl {
  /**
   * Ends the user's reply running in a conversation that is going away: the upstream request is
   * aborted at once and nothing more is stored into the conversation (its token usage is still
   * recorded). Resolves once the generation has settled; does nothing when no reply of this
   * user runs there.
   */
  cancel(conversationId: string, userId: number): Promise<void>;
}
