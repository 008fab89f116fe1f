import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userRef } from './users.ts';
import { at } from './columns.ts';

/**
 * `Idempotency-Key`s of `POST /api/chat` (issue 15 item 9, docs/decisions/066): a retry with the
 * same key gets the first request's result instead of storing the message twice. Keys are per
 * user and kept for 24 hours.
 */
export const chatIdempotencyKeys = pgTable(
  'chat_idempotency_keys',
  {
    userId: userRef(),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    conversationId: text('conversation_id').notNull(),
    /** The `start` event's data, once the reply has started. */
    started: jsonb('started'),
    /** The terminal event (`done` or `error`) with its data, once the reply has ended. */
    outcome: jsonb('outcome'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The hourly sweep of expired keys.
    index('chat_idempotency_keys_created_idx').on(t.createdAt),
  ],
);
