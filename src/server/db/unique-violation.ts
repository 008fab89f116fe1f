/** Postgres unique_violation (23505), whichever driver raised it and however it was wrapped. */
export function findUniqueViolation(error: unknown): { constraint: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return { constraint: typeof candidate.constraint === 'string' ? candidate.constraint : '' };
    }
    current = candidate.cause;
  }
  return null;
}
