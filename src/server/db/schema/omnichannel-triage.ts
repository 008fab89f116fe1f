import {
  bigserial,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { brandIdColumn } from './omnichannel.ts';

/**
 * What the AI may answer from (spec 02 §3, issue 14 item 5): entries are searched with
 * PostgreSQL full-text search (an expression GIN index, hand-written in the migration) and used
 * only while active and inside their validity dates.
 */
export const brandKnowledge = pgTable(
  'brand_knowledge',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: brandIdColumn(),
    category: text('category'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    contentType: text('content_type').notNull().default('text'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    priority: integer('priority').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    validFrom: at('valid_from'),
    validUntil: at('valid_until'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('brand_knowledge_brand_idx').on(t.brandId, t.priority)],
);

/** Who may answer how: autopilot allow / copilot / deny, and channel restrictions. */
export const aclPolicies = pgTable(
  'acl_policies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: brandIdColumn(),
    policyType: text('policy_type').notNull(),
    name: text('name').notNull(),
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull().default({}),
    actions: jsonb('actions').$type<Record<string, unknown>>().notNull().default({}),
    priority: integer('priority').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('acl_policies_brand_idx').on(t.brandId, t.priority)],
);

/** When a message goes to a human, at once or after a delay a reply cancels. */
export const escalationRules = pgTable(
  'escalation_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: brandIdColumn(),
    name: text('name').notNull(),
    ruleType: text('rule_type').notNull(),
    triggerConditions: jsonb('trigger_conditions')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    /** The user the message is reassigned to and/or who is notified. */
    escalateTo: integer('escalate_to'),
    /** reassign, notify or both. */
    escalationType: text('escalation_type').notNull(),
    priority: integer('priority').notNull().default(0),
    autoEscalate: boolean('auto_escalate').notNull().default(false),
    /** Minutes. */
    escalationDelay: integer('escalation_delay').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('escalation_rules_brand_idx').on(t.brandId, t.priority)],
);

/** A customer's answer to the post-resolution question (CSAT 1–5), once per message. */
export const omnichannelCsat = pgTable(
  'omnichannel_csat',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: brandIdColumn(),
    channelType: text('channel_type').notNull(),
    threadKey: text('thread_key').notNull(),
    /** The inbound row that carried the answer. */
    messageRowId: bigint('message_row_id', { mode: 'number' }).notNull().unique(),
    score: integer('score').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('omnichannel_csat_brand_idx').on(t.brandId, t.createdAt)],
);

/** One row per brand, day (UTC) and channel type, rewritten by the analytics job. */
export const omnichannelAnalytics = pgTable(
  'omnichannel_analytics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: brandIdColumn(),
    date: date('date', { mode: 'string' }).notNull(),
    channelType: text('channel_type').notNull(),
    totalMessages: integer('total_messages').notNull().default(0),
    inboundMessages: integer('inbound_messages').notNull().default(0),
    outboundMessages: integer('outbound_messages').notNull().default(0),
    autopilotMessages: integer('autopilot_messages').notNull().default(0),
    copilotMessages: integer('copilot_messages').notNull().default(0),
    manualMessages: integer('manual_messages').notNull().default(0),
    /** Seconds from an inbound message to its reply, averaged over the day's replied messages. */
    avgResponseTime: integer('avg_response_time'),
    /** Seconds from a thread's first inbound message of the day to its first reply. */
    firstResponseTime: integer('first_response_time'),
    resolutionRate: numeric('resolution_rate', { precision: 5, scale: 2 }),
    escalationRate: numeric('escalation_rate', { precision: 5, scale: 2 }),
    csatScore: numeric('csat_score', { precision: 3, scale: 2 }),
    csatResponses: integer('csat_responses').notNull().default(0),
    computedAt: at('computed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('omnichannel_analytics_day_uq').on(t.brandId, t.date, t.channelType)],
);
