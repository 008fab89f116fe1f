import { sql } from 'drizzle-orm';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';

/** `metadata || patch`: top-level keys of the patch replace the stored ones. */
export const mergeMetadata = (patch: Record<string, unknown>) =>
  sql`${omnichannelMessages.metadata} || ${JSON.stringify(patch)}::jsonb`;

/** Appends an entry to the metadata array `key` (created when absent). */
export const appendMetadata = (key: string, entry: Record<string, unknown>) =>
  sql`jsonb_set(${omnichannelMessages.metadata}, ${`{${key}}`}::text[], coalesce(${omnichannelMessages.metadata} -> ${key}, '[]'::jsonb) || ${JSON.stringify([entry])}::jsonb)`;
