/** What a provider reported; missing figures are estimated by the caller. */
export interface ReplyUsage {
  inputTokens?: number;
  outputTokens?: number;
}

/**
 * A reply as it is written: yields text deltas, returns the usage. Ends normally on finish or
 * when the request's signal aborts; throws an AppError (API_ERROR, TIMEOUT_ERROR) on failure.
 * Provider models, the offline assistant and predefined answers all take this shape.
 */
export type ReplyStream = AsyncGenerator<string, ReplyUsage, undefined>;
