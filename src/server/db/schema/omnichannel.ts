import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Brands that talk to their customers through the omnichannel inbox (spec 02 §3, issue 14).
 * Money and percent limits are decimals, read and written as strings.
 */
export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description'),
  logo: text('logo'),
  primaryColor: text('primary_color'),
  voice: text('voice'),
  signatureEmail: text('signature_email'),
  signatureChat: text('signature_chat'),
  legalDisclaimer: text('legal_disclaimer'),
  autoReplyEnabled: boolean('auto_reply_enabled').notNull().default(true),
  maxAutopilotAmount: numeric('max_autopilot_amount', { precision: 12, scale: 2 })
    .notNull()
    .default('1000'),
  maxDiscountPercent: numeric('max_discount_percent', { precision: 5, scale: 2 })
    .notNull()
    .default('5'),
  slaResponseMinutes: integer('sla_response_minutes').notNull().default(120),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The brand a row belongs to: deleting the brand deletes its rows. */
export const brandIdColumn = () =>
  uuid('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' });

/**
 * A brand's connection to one provider. `config` holds what may be shown (API base URL, phone
 * number id…); `secrets` holds each secret sealed by src/server/secrets (never returned).
 */
export const channels = pgTable(
  'channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    channelType: text('channel_type').notNull(),
    channelIdentifier: text('channel_identifier').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('channels_brand_idx').on(t.brandId, t.createdAt)],
);

/**
 * Every message in or out of a brand's channels. An inbound `message_id` = channel type +
 * channel + provider id (decision 317; rows from before it: type + provider id), unique: a
 * provider's redelivery is stored once. Thread key = channel + sender.
 */
export const omnichannelMessages = pgTable(
  'omnichannel_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: text('message_id').notNull().unique(),
    brandId: brandIdColumn(),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    channelType: text('channel_type').notNull(),
    direction: text('direction').notNull(),
    threadKey: text('thread_key').notNull(),
    senderIdentifier: text('sender_identifier').notNull(),
    senderName: text('sender_name'),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<unknown[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    intent: text('intent'),
    urgency: text('urgency'),
    status: text('status').notNull().default('pending'),
    processMode: text('process_mode'),
    assignedTo: integer('assigned_to'),
    parentMessageId: text('parent_message_id'),
    responseTime: integer('response_time'),
    processedAt: at('processed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('omnichannel_messages_brand_idx').on(t.brandId, t.createdAt, t.id),
    index('omnichannel_messages_thread_idx').on(t.threadKey, t.createdAt),
    index('omnichannel_messages_parent_idx').on(t.parentMessageId),
  ],
);

/**
 * A brand's reply texts per language and channel (null: any), with {{variables}} and quick
 * replies; `usage_count` counts replies sent from it.
 */
export const responseTemplates = pgTable(
  'response_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    name: text('name').notNull(),
    category: text('category'),
    channelType: text('channel_type'),
    language: text('language').notNull().default('de'),
    subject: text('subject'),
    content: text('content').notNull(),
    variables: jsonb('variables').$type<string[]>().notNull().default([]),
    quickReplies: jsonb('quick_replies').$type<string[]>().notNull().default([]),
    attachments: jsonb('attachments').$type<unknown[]>().notNull().default([]),
    usageCount: integer('usage_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('response_templates_brand_idx').on(t.brandId, t.language, t.name)],
);
