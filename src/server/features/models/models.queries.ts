import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { settings } from '#server/db/schema/settings.ts';
import { LanguageSchema, type Language } from '#shared/settings/settings-schemas.ts';

/** The user's interface language from settings; German when unset (spec 01-core §1). */
export async function findUserLanguage(db: Executor, userId: number): Promise<Language> {
  const [row] = await db
    .select({ language: settings.language })
    .from(settings)
    .where(eq(settings.userId, userId))
    .limit(1);
  const parsed = LanguageSchema.safeParse(row?.language);
  return parsed.success ? parsed.data : 'de';
}
