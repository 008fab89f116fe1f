import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import {
  aclPolicies,
  brandKnowledge,
  escalationRules,
} from '#server/db/schema/omnichannel-triage.ts';

/** The administrator's lists and changes of a brand's policies, rules and knowledge. */

export async function listAclPolicies(db: Executor, brandId: string) {
  return db
    .select()
    .from(aclPolicies)
    .where(eq(aclPolicies.brandId, brandId))
    .orderBy(desc(aclPolicies.priority), asc(aclPolicies.id));
}

export async function findAclPolicy(db: Executor, brandId: string, id: number) {
  const rows = await db
    .select()
    .from(aclPolicies)
    .where(and(eq(aclPolicies.brandId, brandId), eq(aclPolicies.id, id)));
  return rows[0];
}

export async function insertAclPolicy(db: Executor, values: typeof aclPolicies.$inferInsert) {
  return (await db.insert(aclPolicies).values(values).returning())[0]!;
}

export async function updateAclPolicy(
  db: Executor,
  brandId: string,
  id: number,
  values: Partial<typeof aclPolicies.$inferInsert>,
) {
  const rows = await db
    .update(aclPolicies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(aclPolicies.brandId, brandId), eq(aclPolicies.id, id)))
    .returning();
  return rows[0];
}

export async function deleteAclPolicy(db: Executor, brandId: string, id: number) {
  const rows = await db
    .delete(aclPolicies)
    .where(and(eq(aclPolicies.brandId, brandId), eq(aclPolicies.id, id)))
    .returning();
  return rows[0];
}

export async function listEscalationRules(db: Executor, brandId: string) {
  return db
    .select()
    .from(escalationRules)
    .where(eq(escalationRules.brandId, brandId))
    .orderBy(desc(escalationRules.priority), asc(escalationRules.id));
}

export async function findBrandEscalationRule(db: Executor, brandId: string, id: number) {
  const rows = await db
    .select()
    .from(escalationRules)
    .where(and(eq(escalationRules.brandId, brandId), eq(escalationRules.id, id)));
  return rows[0];
}

export async function insertEscalationRule(
  db: Executor,
  values: typeof escalationRules.$inferInsert,
) {
  return (await db.insert(escalationRules).values(values).returning())[0]!;
}

export async function updateEscalationRule(
  db: Executor,
  brandId: string,
  id: number,
  values: Partial<typeof escalationRules.$inferInsert>,
) {
  const rows = await db
    .update(escalationRules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(escalationRules.brandId, brandId), eq(escalationRules.id, id)))
    .returning();
  return rows[0];
}

export async function deleteEscalationRule(db: Executor, brandId: string, id: number) {
  const rows = await db
    .delete(escalationRules)
    .where(and(eq(escalationRules.brandId, brandId), eq(escalationRules.id, id)))
    .returning();
  return rows[0];
}

export async function findKnowledge(db: Executor, brandId: string, id: number) {
  const rows = await db
    .select()
    .from(brandKnowledge)
    .where(and(eq(brandKnowledge.brandId, brandId), eq(brandKnowledge.id, id)));
  return rows[0];
}

export async function insertKnowledge(db: Executor, values: typeof brandKnowledge.$inferInsert) {
  return (await db.insert(brandKnowledge).values(values).returning())[0]!;
}

export async function updateKnowledge(
  db: Executor,
  brandId: string,
  id: number,
  values: Partial<typeof brandKnowledge.$inferInsert>,
) {
  const rows = await db
    .update(brandKnowledge)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(brandKnowledge.brandId, brandId), eq(brandKnowledge.id, id)))
    .returning();
  return rows[0];
}

export async function deleteKnowledge(db: Executor, brandId: string, id: number) {
  const rows = await db
    .delete(brandKnowledge)
    .where(and(eq(brandKnowledge.brandId, brandId), eq(brandKnowledge.id, id)))
    .returning();
  return rows[0];
}
