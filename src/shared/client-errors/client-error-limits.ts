/** Bounds of one client error report (no zod here: the web app's first screen uses them). */
export const CLIENT_ERROR_LIMITS = { message: 2000, stack: 16_000, url: 2048 } as const;
/** Largest accepted request body (the fields above plus JSON overhead). */
export const CLIENT_ERROR_BODY_LIMIT = 40 * 1024;
