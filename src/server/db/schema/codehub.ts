import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { at } from './columns.ts';

/**
 * Code hub projects (spec 02 §3 code_projects). The id is a random UUID: it appears in URLs a
 * user may share, and a sequential number would reveal how many projects exist.
 */
export const codeProjects = pgTable(
  'code_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    lastActiveAt: at('last_active_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('code_projects_user_idx').on(t.userId, t.lastActiveAt),
    index('code_projects_public_idx')
      .on(t.lastActiveAt)
      .where(sql`${t.isPublic}`),
  ],
);

/**
 * Files of a project (spec 02 §3 code_files). `size` is the UTF-8 byte length of the content,
 * kept so the per-project limit is one SUM. At most one main file: a partial unique index.
 */
export const codeFiles = pgTable(
  'code_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => codeProjects.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    content: text('content').notNull().default(''),
    language: text('language').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    size: integer('size').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('code_files_project_filename_key').on(t.projectId, t.filename),
    uniqueIndex('code_files_one_main_key')
      .on(t.projectId)
      .where(sql`${t.isMain}`),
  ],
);
