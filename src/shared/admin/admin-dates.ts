import { z } from 'zod';

/**
 * The instants a timestamp column can be sent: years 1 to 9999 (UTC). PostgreSQL refuses the
 * year 0, and a JavaScript Date beyond 9999 is written as '+010000-…', which it cannot read
 * either, so such a date in a filter or a change failed the query (500) instead of the request
 * (decision 340).
 */
export const EARLIEST_DATE = new Date('0001-01-01T00:00:00.000Z');
export const LATEST_DATE = new Date('9999-12-31T23:59:59.999Z');
export const DATE_RANGE_MESSAGE = 'Dates must lie between the years 1 and 9999';

export function isStorableDate(date: Date): boolean {
  const time = date.getTime();
  return time >= EARLIEST_DATE.getTime() && time <= LATEST_DATE.getTime();
}

/** A `from` or `to` query parameter of an admin list. */
export const QueryDateSchema = z.coerce
  .date()
  .min(EARLIEST_DATE, DATE_RANGE_MESSAGE)
  .max(LATEST_DATE, DATE_RANGE_MESSAGE);
