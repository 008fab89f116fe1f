import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Column builders every table shares. Each call makes a new column: Drizzle binds a column to
 * the one table it is declared in.
 */

/** A point in time with its time zone, read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
