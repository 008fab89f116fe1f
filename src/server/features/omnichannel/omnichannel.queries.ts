import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { brands, channels, omnichannelMessages } from '#server/db/schema/omnichannel.ts';

export type BrandRow = typeof brands.$inferSelect;
export type BrandValues = typeof brands.$inferInsert;
export type ChannelRow = typeof channels.$inferSelect;
export type ChannelValues = typeof channels.$inferInsert;
export type MessageRow = typeof omnichannelMessages.$inferSelect;
export type MessageValues = typeof omnichannelMessages.$inferInsert;

export async function listBrands(db: Executor) {
  return db.select().from(brands).orderBy(brands.name, brands.id);
}

export async function findBrand(db: Executor, id: string) {
  const rows = await db.select().from(brands).where(eq(brands.id, id));
  return rows[0];
}

export async function insertBrand(db: Executor, values: BrandValues) {
  const rows = await db.insert(brands).values(values).returning();
  return rows[0]!;
}

export async function updateBrand(db: Executor, id: string, values: Partial<BrandValues>) {
  const rows = await db
    .update(brands)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(brands.id, id))
    .returning();
  return rows[0];
}

/** Its channels go with it (foreign key on delete cascade). */
export async function deleteBrand(db: Executor, id: string) {
  const rows = await db.delete(brands).where(eq(brands.id, id)).returning();
  return rows[0];
}

export async function listChannels(db: Executor, brandId: string) {
  return db
    .select()
    .from(channels)
    .where(eq(channels.brandId, brandId))
    .orderBy(channels.createdAt, channels.id);
}

export async function findChannel(db: Executor, brandId: string, id: string) {
  const rows = await db
    .select()
    .from(channels)
    .where(and(eq(channels.brandId, brandId), eq(channels.id, id)));
  return rows[0];
}

/** The channel a webhook names, with whether its brand is active. */
export async function findWebhookChannel(db: Executor, id: string) {
  const rows = await db
    .select({ channel: channels, brandActive: brands.isActive })
    .from(channels)
    .innerJoin(brands, eq(brands.id, channels.brandId))
    .where(eq(channels.id, id));
  return rows[0];
}

export async function insertChannel(db: Executor, values: ChannelValues) {
  const rows = await db.insert(channels).values(values).returning();
  return rows[0]!;
}

export async function updateChannel(
  db: Executor,
  brandId: string,
  id: string,
  values: Partial<ChannelValues>,
) {
  const rows = await db
    .update(channels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(channels.brandId, brandId), eq(channels.id, id)))
    .returning();
  return rows[0];
}

export async function deleteChannel(db: Executor, brandId: string, id: string) {
  const rows = await db
    .delete(channels)
    .where(and(eq(channels.brandId, brandId), eq(channels.id, id)))
    .returning();
  return rows[0];
}

/** A conversation is one sender on one channel (spec 02 §3: thread key = channel + sender). */
export const threadKeyOf = (channelId: string, sender: string) => `${channelId}:${sender}`;

/** Stores an inbound message once; null when its messageId was stored before. */
export async function insertMessage(db: Executor, values: MessageValues) {
  const rows = await db
    .insert(omnichannelMessages)
    .values(values)
    .onConflictDoNothing({ target: omnichannelMessages.messageId })
    .returning({ id: omnichannelMessages.id });
  return rows[0]?.id ?? null;
}

/** Whether this channel stored an inbound message under `messageId`. */
export async function hasMessageOnChannel(db: Executor, messageId: string, channelId: string) {
  const rows = await db
    .select({ id: omnichannelMessages.id })
    .from(omnichannelMessages)
    .where(
      and(
        eq(omnichannelMessages.messageId, messageId),
        eq(omnichannelMessages.channelId, channelId),
        eq(omnichannelMessages.direction, 'inbound'),
      ),
    );
  return rows.length > 0;
}

/** Newest first (by id: the order they arrived), `limit + 1` rows after the cursor's id. */
export async function listMessages(
  db: Executor,
  brandId: string,
  limit: number,
  afterId: number | null,
) {
  return db
    .select()
    .from(omnichannelMessages)
    .where(
      and(
        eq(omnichannelMessages.brandId, brandId),
        afterId === null ? undefined : lt(omnichannelMessages.id, afterId),
      ),
    )
    .orderBy(desc(omnichannelMessages.id))
    .limit(limit + 1);
}
