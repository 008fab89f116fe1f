/** Names of the common SQLSTATEs of classes 22 and 23 (PostgreSQL's appendix A). */
const SQLSTATE_NAMES: Record<string, string> = {
  '22001': 'string_data_right_truncation',
  '22003': 'numeric_value_out_of_range',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22012': 'division_by_zero',
  '22P02': 'invalid_text_representation',
  '22P05': 'untranslatable_character',
  '23502': 'not_null_violation',
  '23503': 'foreign_key_violation',
  '23505': 'unique_violation',
  '23514': 'check_violation',
};

/**
 * The error as it may be logged and stored in `jobs.last_error`, which outlives a user's erasure:
 * a failed query's driver error, without the parameters Drizzle's wrapper puts into its message
 * (issue 15 item 1). A data exception (class 22) or integrity violation (class 23) becomes its
 * SQLSTATE only: PostgreSQL's message can quote the rejected value.
 */
export function safeError(error: unknown): Error {
  const failure =
    error instanceof Error &&
    error.message.startsWith('Failed query') &&
    error.cause instanceof Error
      ? error.cause
      : error;
  // Both drivers (pg's DatabaseError, PGlite's) carry the SQLSTATE as `code`.
  const code: unknown = (failure as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) {
    const name = SQLSTATE_NAMES[code];
    return Object.assign(new Error(`database error ${code}${name ? ` (${name})` : ''}`), { code });
  }
  return failure instanceof Error ? failure : new Error(String(failure));
}
