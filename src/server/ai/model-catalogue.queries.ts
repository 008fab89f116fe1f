import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { aiModels } from '#server/db/schema/ai.ts';

export type AdminModelRow = typeof aiModels.$inferSelect;
export type AdminModelValues = Omit<typeof aiModels.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function listAdminModels(db: Executor) {
  return db.select().from(aiModels).orderBy(asc(aiModels.id));
}

export async function upsertAdminModel(db: Executor, values: AdminModelValues) {
  const now = new Date();
  const { modelId: _key, ...changes } = values;
  const [row] = await db
    .insert(aiModels)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: aiModels.modelId, set: { ...changes, updatedAt: now } })
    .returning();
  return row!;
}

export async function deleteAdminModel(db: Executor, modelId: string) {
  const rows = await db
    .delete(aiModels)
    .where(eq(aiModels.modelId, modelId))
    .returning({ id: aiModels.id });
  return rows.length > 0;
}
