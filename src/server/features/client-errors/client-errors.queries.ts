import type { Database } from '#server/db/client.ts';
import { clientErrors } from '#server/db/schema/ai.ts';

export interface NewClientError {
  userId: number | null;
  message: string;
  stack: string | null;
  componentStack: string | null;
  url: string | null;
  userAgent: string | null;
}

export async function insertClientError(db: Database, row: NewClientError): Promise<number> {
  const [inserted] = await db.insert(clientErrors).values(row).returning({ id: clientErrors.id });
  return inserted!.id;
}
