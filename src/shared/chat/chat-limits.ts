// Apart from chat-schemas.ts so the browser can use it without loading zod.

/** Most files on one message. */
export const MAX_FILES_PER_MESSAGE = 10;
