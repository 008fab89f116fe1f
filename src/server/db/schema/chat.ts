import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { personas } from './personas.ts';
import { userRef } from './users.ts';
import { userFiles } from './files.ts';
import { at } from './columns.ts';

/** PostgreSQL's full-text document type (Drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Search indexes take every new message at once, not through GIN's pending list: with the list,
 * each search read every message written since the last vacuum one by one (the soak's search
 * grew from 8 to 23 ms in four minutes), and the insert that filled it paid for merging it all.
 * Decision 291.
 */
const SEARCH_INDEX_STORAGE = { fastupdate: false } as const;

/** A conversation; conversationId is the random URL-safe id used in routes (spec 01-core §3). */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    title: text('title'),
    timestamp: at('timestamp').notNull().defaultNow(),
    conversationId: text('conversation_id').notNull().unique(),
    personaId: integer('persona_id').references(() => personas.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A user's conversations by recency, with id as the cursor tie-breaker.
    index('conversations_user_recent_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index('conversations_title_trgm_idx')
      .using('gin', sql`${t.title} gin_trgm_ops`)
      .with(SEARCH_INDEX_STORAGE),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    content: text('content').notNull(),
    isUserMessage: boolean('is_user_message').notNull(),
    timestamp: at('timestamp').notNull().defaultNow(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.conversationId, { onDelete: 'cascade' }),
    /** complete | stopped (the user pressed Stop; the partial reply is kept). */
    status: text('status').notNull().default('complete'),
    /** The product model id that wrote an assistant reply. */
    model: text('model'),
    /** positive | negative, set by the user on assistant replies. */
    feedback: text('feedback'),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * The content's full-text document (language-neutral 'simple' configuration), stored so search
     * ranks a common word's thousands of hits without parsing each message again. Matching still
     * uses the expression index below (docs/decisions/011-search.md). Select columns explicitly:
     * this one is not for clients.
     */
    contentTsv: tsvector('content_tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', content)`),
  },
  (t) => [
    // A conversation's messages in time order.
    index('messages_conversation_time_idx').on(t.conversationId, t.timestamp, t.id),
    // Search: full text (language-neutral 'simple' configuration) and trigram substring matching.
    index('messages_content_fts_idx')
      .using('gin', sql`to_tsvector('simple', ${t.content})`)
      .with(SEARCH_INDEX_STORAGE),
    index('messages_content_trgm_idx')
      .using('gin', sql`${t.content} gin_trgm_ops`)
      .with(SEARCH_INDEX_STORAGE),
    index('messages_user_idx').on(t.userId),
  ],
);

export const chatFiles = pgTable(
  'chat_files',
  {
    id: serial('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.conversationId, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => userFiles.id, { onDelete: 'cascade' }),
    /** The user message the file was attached to. */
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One link per message and file: a file sent again in a later message is linked to that
    // message too, so editing or regenerating it answers with the file (issue #3).
    unique('chat_files_message_file_key').on(t.messageId, t.fileId),
    // A deleted conversation's files (deleteConversation) and the cascade from conversations.
    index('chat_files_conversation_idx').on(t.conversationId),
    // Whether a file is still linked anywhere (deleteUnlinkedFiles) and the cascade from user_files.
    index('chat_files_file_idx').on(t.fileId),
  ],
);
