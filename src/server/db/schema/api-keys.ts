import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Personal API keys for the OpenAI-compatible API (issue #12 item 3). Only the SHA-256 hash of a
 * key is stored, with its first characters for display: a database leak reveals no key.
 * Revoked keys stay listed (revokedAt), so the owner and the admin see what was used.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `sk-orbit-` and the key's first characters, enough to recognise it. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text('key_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    /** Who revoked it: the owner or an administrator. */
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);
