/**
 * Field names whose values never reach the audit log (ARCHITECTURE.md: secrets redacted). `token`
 * but not `tokens`: token counts (token_limits' monthlyTokens, dailyTokens) are no secret.
 */
const SECRET_FIELD =
  /(password|secret|token(?!s)|api_?key|apikey|private_?key|authorization|cookie|credential)/i;
export const REDACTED = '[redacted]';

/** A deep copy of `value` as plain JSON data with every secret-named field's value replaced. */
export function redactSecrets(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value), (key, inner: unknown) =>
    key !== '' && SECRET_FIELD.test(key) && inner !== null ? REDACTED : inner,
  ) as unknown;
}
