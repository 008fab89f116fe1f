import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { personas } from '#server/db/schema/personas.ts';

export type PersonaRow = typeof personas.$inferSelect;
export type PersonaInsert = typeof personas.$inferInsert;
export type PersonaChanges = Partial<
  Omit<PersonaInsert, 'id' | 'userId' | 'builtinKey' | 'createdAt'>
>;

/**
 * Built-in personas first (in seed order), then the user's own. With premium access every
 * built-in and the user's own; without, only the default built-in (Persona42).
 */
export async function listPersonasFor(db: Executor, userId: number, premium: boolean) {
  const visible = premium
    ? or(isNull(personas.userId), eq(personas.userId, userId))
    : and(isNull(personas.userId), eq(personas.isDefault, true));
  return db
    .select()
    .from(personas)
    .where(visible)
    .orderBy(sql`${personas.userId} is not null`, asc(personas.id));
}

export async function findPersona(db: Executor, id: number) {
  const [row] = await db.select().from(personas).where(eq(personas.id, id)).limit(1);
  return row;
}

export async function insertPersona(db: Executor, values: PersonaInsert) {
  const [row] = await db.insert(personas).values(values).returning();
  return row!;
}

/** Changes a persona only if the user owns it; undefined when it is gone or not theirs. */
export async function updateOwnPersona(
  db: Executor,
  id: number,
  userId: number,
  changes: PersonaChanges,
) {
  const [row] = await db
    .update(personas)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(personas.id, id), eq(personas.userId, userId)))
    .returning();
  return row;
}

/** Settings that name the persona as default fall back to null (FK on delete set null). */
export async function deleteOwnPersona(db: Executor, id: number, userId: number) {
  const rows = await db
    .delete(personas)
    .where(and(eq(personas.id, id), eq(personas.userId, userId)))
    .returning({ id: personas.id });
  return rows.length > 0;
}
