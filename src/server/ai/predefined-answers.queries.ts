import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { aiPredefinedAnswers } from '#server/db/schema/ai.ts';

export type PredefinedAnswerRow = typeof aiPredefinedAnswers.$inferSelect;

/** Active predefined answers, highest priority first (spec 02 §3): the order the chat tries them. */
export async function findActivePredefinedAnswers(db: Executor) {
  return db
    .select()
    .from(aiPredefinedAnswers)
    .where(eq(aiPredefinedAnswers.isActive, true))
    .orderBy(desc(aiPredefinedAnswers.priority), asc(aiPredefinedAnswers.id));
}
