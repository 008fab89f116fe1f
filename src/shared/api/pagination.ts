import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';

/**
 * Server-side pagination of every admin list (issue 12): an opaque cursor naming the last row
 * seen, at most 100 rows a page. The cursor carries the sort key, so a page stays stable while
 * rows are added.
 */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

export const PageQuerySchema = z.object({
  cursor: textSchema().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A page of `item`: `nextCursor` is null on the last page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
