import { z } from 'zod';

/**
 * The `Idempotency-Key` header of `POST /api/chat` (issue 15 item 9): the web app sends a fresh
 * UUID per message, so a retry after a network error gets the first request's result instead
 * of storing the message twice. Printable ASCII without spaces, as HTTP header values go.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const INVALID_KEY = 'Invalid Idempotency-Key: 1 to 255 printable ASCII characters, no spaces';
export const IdempotencyKeySchema = z
  .string({ error: INVALID_KEY })
  .min(1, INVALID_KEY)
  .max(255, INVALID_KEY)
  .regex(/^[\x21-\x7e]+$/, INVALID_KEY);

/**
 * The request headers POST /api/chat reads besides the usual ones: validated with the route and
 * documented in GET /api/openapi.json. Loose, so every other header passes through unchanged.
 */
export const ChatRequestHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional().meta({
    description:
      'A fresh value (a UUID) per message. A retry with the same key and body gets the first ' +
      "request's reply instead of storing the message twice; the same key with another body is 422.",
  }),
});
