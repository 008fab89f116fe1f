import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { providerCredentials } from '#server/db/schema/provider-credentials.ts';

export type ProviderCredentialRow = typeof providerCredentials.$inferSelect;

export async function readProviderCredentials(db: Executor): Promise<ProviderCredentialRow[]> {
  return db.select().from(providerCredentials);
}

export async function findProviderCredential(db: Executor, provider: string) {
  const [row] = await db
    .select()
    .from(providerCredentials)
    .where(eq(providerCredentials.provider, provider))
    .for('update');
  return row;
}

export async function saveProviderCredential(
  db: Executor,
  row: Omit<ProviderCredentialRow, 'updatedAt'>,
): Promise<void> {
  const { provider, ...values } = row;
  await db
    .insert(providerCredentials)
    .values({ provider, ...values })
    .onConflictDoUpdate({
      target: providerCredentials.provider,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function deleteProviderCredential(db: Executor, provider: string): Promise<boolean> {
  const deleted = await db
    .delete(providerCredentials)
    .where(eq(providerCredentials.provider, provider))
    .returning({ provider: providerCredentials.provider });
  return deleted.length > 0;
}
