import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { at } from './columns.ts';

/**
 * Built-in personas have no owner (userId null) and a stable builtinKey used for seeding;
 * custom personas belong to a user and go with them. Base fields are English; the
 * translated fields hold German, Chinese, Macedonian, Albanian and Korean (spec 01-core §3).
 */
export const personas = pgTable(
  'personas',
  {
    id: serial('id').primaryKey(),
    builtinKey: text('builtin_key').unique(),
    name: text('name').notNull(),
    systemPrompt: text('system_prompt').notNull(),
    description: text('description').notNull(),
    icon: text('icon').notNull(),
    color: text('color').notNull(),
    nameDe: text('name_de'),
    nameZh: text('name_zh'),
    nameMk: text('name_mk'),
    nameSq: text('name_sq'),
    nameKo: text('name_ko'),
    systemPromptDe: text('system_prompt_de'),
    systemPromptZh: text('system_prompt_zh'),
    systemPromptMk: text('system_prompt_mk'),
    systemPromptSq: text('system_prompt_sq'),
    systemPromptKo: text('system_prompt_ko'),
    descriptionDe: text('description_de'),
    descriptionZh: text('description_zh'),
    descriptionMk: text('description_mk'),
    descriptionSq: text('description_sq'),
    descriptionKo: text('description_ko'),
    isDefault: boolean('is_default').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull().default('en'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('personas_user_idx').on(t.userId)],
);
