import { bigserial, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Every verified event a provider sent us (src/server/webhooks, decision 082): stored once per
 * (provider, event id); `processed_at` is set in the same transaction as the event's effect.
 */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
    processedAt: at('processed_at'),
  },
  (t) => [unique('inbound_events_provider_event_key').on(t.provider, t.eventId)],
);
