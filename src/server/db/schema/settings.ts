import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { personas } from './personas.ts';
import { users } from './users.ts';
import { at } from './columns.ts';

/** One settings row per user; defaults from spec 01-core §3 (theme: docs/decisions/002-default-theme.md). */
export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: text('theme').notNull().default('dunkel'),
  accentColor: text('accent_color').notNull().default('purple'),
  fontSize: text('font_size').notNull().default('medium'),
  responseLength: text('response_length').notNull().default('balanced'),
  language: text('language').notNull().default('de'),
  // Null: the user has not chosen; the administrator's default model (app settings) answers.
  aiModel: text('ai_model'),
  defaultPersona: integer('default_persona').references(() => personas.id, {
    onDelete: 'set null',
  }),
  animationsEnabled: boolean('animations_enabled').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
