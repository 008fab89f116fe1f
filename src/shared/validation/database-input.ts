import { z } from 'zod';

// Inputs that reach PostgreSQL: what it cannot hold is a 400 for the client, not a failed query (500).

/** The largest value of a serial (int4) id; a larger number names no row. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id sent as a JSON number. */
export const RowIdSchema = z.number().int().positive().max(MAX_ROW_ID, 'Not a valid id');

/** PostgreSQL text cannot hold U+0000 (it fails the query); no text a user writes needs it. */
export const hasNoNul = (value: string) => !value.includes('\u0000');
export const NUL_MESSAGE = 'Text must not contain NUL characters';
