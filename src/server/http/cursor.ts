import { z } from 'zod';
import { invalid } from '#shared/errors/app-error.ts';
import type { Page } from '#shared/api/pagination.ts';

/**
 * Opaque page cursors (src/shared/api/pagination.ts): the sort key of the last row sent,
 * as base64url JSON. A cursor that does not decode to what the list expects is a 400.
 */
export function encodeCursor(key: unknown): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(cursor: string, schema: T): z.infer<T> {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Not base64url JSON: refused below like any other wrong cursor.
  }
  throw invalid('Invalid cursor', { cursor: ['Not a cursor of this list'] });
}

/**
 * Turns `limit + 1` rows into a page: the extra row only says that another page exists, and
 * the cursor names the last row sent.
 */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorKey: (row: Row) => unknown,
): Page<Item> {
  const sent = rows.slice(0, limit);
  const last = sent.at(-1);
  return {
    items: sent.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(cursorKey(last)) : null,
  };
}
