import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';

/**
 * Errors as they may reach the logs. A failed query carries every parameter: Drizzle puts them
 * into its message ("params: …") and its `params` field, and PostgreSQL's report adds values in
 * `detail` ("Key (email)=(…) already exists") and `where`. For a registration that is the new
 * password's argon2 hash (issue 15). A logged database error keeps what names the failure — the
 * SQL text with its placeholders, the SQLSTATE code, the constraint, table and column — and
 * drops every value.
 */

/** Fields of PostgreSQL's error report that name objects, never values. */
const SAFE_DATABASE_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

/**
 * SQLSTATE class 22 (data exception) messages end by quoting the rejected input, e.g.
 * `invalid input syntax for type integer: "abc"`.
 */
const QUOTED_INPUT = /: ".*"$/s;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return value instanceof Error;
}

/** The stack's frames with a new first line: the original first line repeats the message. */
function withMessage(error: Error, name: string, message: string): string {
  const stack = error.stack ?? '';
  const frames = stack.indexOf('\n    at ');
  return `${name}: ${message}${frames === -1 ? '' : stack.slice(frames)}`;
}

/** A copy that keeps the error's class (so the log names it) with only the given fields. */
function copyOf(error: Error, fields: Record<string, unknown>): ErrorLike {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as ErrorLike;
  for (const [key, value] of Object.entries(fields)) {
    Object.defineProperty(copy, key, { value, enumerable: key !== 'stack', writable: true });
  }
  return copy;
}

function safeDatabaseFields(error: pg.DatabaseError) {
  const fields: Record<string, unknown> = {};
  for (const key of SAFE_DATABASE_FIELDS) {
    if (error[key] !== undefined) fields[key] = error[key];
  }
  return fields;
}

function redactDriverError(error: pg.DatabaseError): ErrorLike {
  const message = error.code?.startsWith('22')
    ? error.message.replace(QUOTED_INPUT, ': "[redacted]"')
    : error.message;
  return copyOf(error, {
    message,
    stack: withMessage(error, error.name, message),
    ...safeDatabaseFields(error),
  });
}

function redactQueryError(error: DrizzleQueryError): ErrorLike {
  const message = `Failed query: ${error.query}`;
  return copyOf(error, {
    message,
    stack: withMessage(error, 'DrizzleQueryError', message),
    query: error.query,
    // Log serializers fold a cause into the message and stack only: its code and constraint
    // would be lost, so they are lifted onto the query error.
    ...(error.cause instanceof pg.DatabaseError ? safeDatabaseFields(error.cause) : {}),
    ...(error.cause === undefined ? {} : { cause: toLoggableError(error.cause) }),
  });
}

function containsDatabaseError(error: unknown, depth = 0): boolean {
  if (!isErrorLike(error) || depth > 8) return false;
  if (error instanceof DrizzleQueryError || error instanceof pg.DatabaseError) return true;
  return containsDatabaseError(error.cause, depth + 1);
}

/**
 * The error itself when no database error is in its cause chain; otherwise a copy in which every
 * database error along the chain has lost its parameters.
 */
export function toLoggableError(error: unknown): unknown {
  if (!containsDatabaseError(error)) return error;
  if (error instanceof DrizzleQueryError) return redactQueryError(error);
  if (error instanceof pg.DatabaseError) return redactDriverError(error);
  const original = error as ErrorLike;
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(original)) fields[key] = original[key];
  return copyOf(original, {
    ...fields,
    message: original.message,
    stack: original.stack,
    cause: toLoggableError(original.cause),
  });
}
