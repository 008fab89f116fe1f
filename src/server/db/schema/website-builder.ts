import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { at } from './columns.ts';

/** PNG bytes as Node Buffers (PGlite and node-postgres both read bytea as bytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Sites made by the AI website builder (spec 02 §3 website_projects). `project_id` is the
 * random UUID that appears in URLs. The screenshot is the PNG itself (decision 246): a few
 * hundred kilobytes that go with the row, into backups and to every instance.
 */
export const websiteProjects = pgTable(
  'website_projects',
  {
    projectId: uuid('project_id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    htmlContent: text('html_content').notNull(),
    screenshot: bytea('screenshot'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPublic: boolean('is_public').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('website_projects_user_idx').on(t.userId, t.createdAt),
    index('website_projects_public_idx')
      .on(t.createdAt)
      .where(sql`${t.isPublic}`),
  ],
);
