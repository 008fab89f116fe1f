import { z } from 'zod';

// Inputs that reach PostgreSQL: what it cannot hold is a 400 for the client, not a failed query (500).

/** The largest value of a serial (int4) id; a larger number names no row. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id sent as a JSON number. */
export const RowIdSchema = z.number().int().positive().max(MAX_ROW_ID, 'Not a valid id');

/**
 * Text PostgreSQL can store: no U+0000 (a text or jsonb value with it fails the query) and no lone
 * UTF-16 surrogate (not a character at all; the driver would silently store U+FFFD instead). With
 * the `u` flag a well-formed surrogate pair is one code point, so the class only meets lone halves.
 * A pattern rather than a refinement so the OpenAPI document shows the rule (issue 15).
 */
// eslint-disable-next-line no-control-regex -- U+0000 is the very character this refuses.
export const STORABLE_TEXT = /^[^\u0000\uD800-\uDFFF]*$/u;
export const UNSTORABLE_TEXT_MESSAGE =
  'Text must not contain NUL characters or unpaired surrogate code points';

/** Adds the storable-text rule to a string schema of any format (email, url…). */
export function storable<T extends z.ZodString | z.ZodStringFormat>(schema: T): T {
  // regex() returns `this`; TypeScript widens it to the union of the constraint.
  return schema.regex(STORABLE_TEXT, UNSTORABLE_TEXT_MESSAGE) as T;
}

/**
 * The one string schema of every request body, query and path parameter: z.string() that refuses
 * what PostgreSQL cannot hold. Build every input string from it (or wrap a format in storable()).
 */
export function textSchema(params?: string | z.core.$ZodStringParams): z.ZodString {
  return storable(z.string(params));
}

/** Text from a peer we cannot refuse (a model's reply, a live editor) made storable: NUL dropped. */
export function withoutNul(text: string): string {
  return text.includes('\0') ? text.replaceAll('\0', '') : text;
}
