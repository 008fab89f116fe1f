import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { userRef } from './users.ts';
import { at } from './columns.ts';

/** An uploaded file; filename is the server-generated storage name (spec 02 §3). */
export const userFiles = pgTable(
  'user_files',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    filename: text('filename').notNull().unique(),
    originalFilename: text('original_filename').notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    storagePath: text('storage_path').notNull(),
    status: text('status').notNull().default('processing'),
    processingError: text('processing_error'),
    isPublic: boolean('is_public').notNull().default(false),
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_files_user_idx').on(t.userId, t.createdAt)],
);

/** Extracted content of a file, one row per PDF page. */
export const fileContents = pgTable(
  'file_contents',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => userFiles.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    content: text('content').notNull(),
    pageNumber: integer('page_number'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('file_contents_file_page_idx').on(t.fileId, t.pageNumber)],
);
