import type { SubscriptionTier } from '#shared/plans/tiers.ts';

/**
 * What the chat and the conversations need of files attached to messages. The files feature
 * implements it; app.ts hands the implementation over (features never import each other).
 */
export interface ChatAttachment {
  fileId: number;
  /** The user's original file name, for ' [Datei: {name}]' and the model context. */
  name: string;
  kind: 'image' | 'pdf';
  mediaType: string;
  /** Image bytes, for vision-capable models. */
  data?: Uint8Array;
  /** PDF text in chunks, at most as many as the tier allows (spec 02 §9). */
  textChunks?: string[];
}

export interface Attachments {
  /**
   * Refuses files a chat message cannot use, as readForChat would (404 not the user's, 422
   * unreadable, 409 still processing), without reading or linking anything: for turns that must
   * check before they write (an edit replaces messages).
   */
  checkForChat(input: { userId: number; fileIds: number[] }): Promise<void>;
  /**
   * Reads the user's own files for a chat message and links them to the conversation and message.
   * Throws NOT_FOUND (404) for any id that is not the user's.
   */
  readForChat(input: {
    userId: number;
    tier: SubscriptionTier;
    fileIds: number[];
    conversationId: string;
    messageId: number;
  }): Promise<ChatAttachment[]>;
  /**
   * Deletes those of the user's files, rows and bytes, that no conversation links any more: the
   * attachments of a deleted conversation go with it, a file also sent elsewhere stays.
   */
  discardUnlinked(input: { userId: number; fileIds: number[] }): Promise<void>;
}
