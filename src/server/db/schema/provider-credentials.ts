import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * AI provider credentials an administrator set (issue 12 "api-keys"); they override the
 * environment. The key is sealed by src/server/secrets (AES-256-GCM, decision 171): this table
 * never holds a plaintext key, only the sealed value and its last four characters.
 */
export const providerCredentials = pgTable('provider_credentials', {
  provider: text('provider').primaryKey(),
  apiKeySealed: text('api_key_sealed'),
  apiKeyLast4: text('api_key_last4'),
  baseUrl: text('base_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
  updatedByUsername: text('updated_by_username'),
});
