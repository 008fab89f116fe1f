import { z } from 'zod';

/**
 * The `Idempotency-Key` header of `POST /api/chat` (issue 15 item 9): the web app sends a fresh
 * UUID per message, so a retry after a network error gets the first request's result instead
 * of storing the message twice. Printable ASCII without spaces, as HTTP header values go.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');
