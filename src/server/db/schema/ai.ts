import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { userRef, users } from './users.ts';
import { at } from './columns.ts';

/** Keyword answers served without calling a model (spec 02 §3). */
export const aiPredefinedAnswers = pgTable('ai_predefined_answers', {
  id: serial('id').primaryKey(),
  keyword: text('keyword').notNull().unique(),
  answer: text('answer').notNull(),
  answerDe: text('answer_de'),
  answerZh: text('answer_zh'),
  answerMk: text('answer_mk'),
  answerSq: text('answer_sq'),
  answerKo: text('answer_ko'),
  priority: integer('priority').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  exactMatch: boolean('exact_match').notNull().default(false),
  caseSensitive: boolean('case_sensitive').notNull().default(false),
  category: text('category'),
  tags: text('tags').array(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * One row per model call; conversationId is kept as plain text so usage survives deletion. A call
 * made for nobody's account (omnichannel triage) has no user: it counts in the totals, never
 * against a user's token limits (docs/decisions/331-calls-without-a-user-count-their-tokens.md).
 */
export const tokenUsage = pgTable(
  'token_usage',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    conversationId: text('conversation_id'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    totalTokens: integer('total_tokens').notNull().default(0),
    cost: numeric('cost', { precision: 10, scale: 6 }).notNull().default('0'),
    responseTime: integer('response_time'),
    status: text('status').notNull().default('success'),
    errorMessage: text('error_message'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('token_usage_user_time_idx').on(t.userId, t.createdAt),
    // The admin dashboard's figures of today and the last 30 days, over all users.
    index('token_usage_time_idx').on(t.createdAt),
    // Its tokens per day: the calls without a user, which token_usage_daily leaves out.
    index('token_usage_without_user_idx')
      .on(t.createdAt)
      .where(sql`${t.userId} is null`),
  ],
);

/**
 * token_usage summed per user and UTC day, kept by a trigger on token_usage (migration 0004), so
 * a chat turn reads its month's and day's tokens from at most 31 rows instead of summing every
 * call of the month (docs/PERFORMANCE.md: +2.6 ms per message on PGlite at 10,000 calls a month).
 */
export const tokenUsageDaily = pgTable(
  'token_usage_daily',
  {
    userId: userRef(),
    day: date('day', { mode: 'string' }).notNull(),
    totalTokens: bigint('total_tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Token budget per tier (spec 02 §3, §6). */
export const tokenLimits = pgTable('token_limits', {
  id: serial('id').primaryKey(),
  tier: text('tier').notNull().unique(),
  monthlyTokens: integer('monthly_tokens').notNull(),
  dailyTokens: integer('daily_tokens').notNull(),
  maxRequestSize: integer('max_request_size').notNull(),
  gpt5Access: boolean('gpt5_access').notNull().default(false),
  claude4Access: boolean('claude4_access').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The administrator's additions to the built-in model catalogue: a row whose modelId matches a
 * built-in model overrides it (e.g. another upstream model); any other row adds a model, such as
 * one served by an OpenAI-compatible server.
 */
export const aiModels = pgTable('ai_models', {
  id: serial('id').primaryKey(),
  modelId: text('model_id').notNull().unique(),
  displayName: text('display_name').notNull(),
  /** openai | anthropic | perplexity | openai-compatible */
  provider: text('provider').notNull(),
  upstreamModel: text('upstream_model').notNull(),
  minTier: text('min_tier').notNull().default('ultimate'),
  vision: boolean('vision').notNull().default(false),
  contextWindow: integer('context_window').notNull().default(8192),
  inputPricePerMillion: numeric('input_price_per_million', { precision: 10, scale: 4 })
    .notNull()
    .default('0'),
  outputPricePerMillion: numeric('output_price_per_million', { precision: 10, scale: 4 })
    .notNull()
    .default('0'),
  isEnabled: boolean('is_enabled').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Errors the web client reported (error boundary), shown in the admin logs. */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    stack: text('stack'),
    componentStack: text('component_stack'),
    url: text('url'),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('client_errors_time_idx').on(t.createdAt)],
);
