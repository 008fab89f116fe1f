/** The first SQLSTATE in an error's cause chain, whichever driver raised it and however wrapped. */
function sqlStateOf(error: unknown): { code: string; constraint: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      const constraint = typeof candidate.constraint === 'string' ? candidate.constraint : '';
      return { code: candidate.code, constraint };
    }
    current = candidate.cause;
  }
  return null;
}

/** Postgres unique_violation (23505). */
export function findUniqueViolation(error: unknown): { constraint: string } | null {
  const state = sqlStateOf(error);
  return state?.code === '23505' ? { constraint: state.constraint } : null;
}

/**
 * A data exception (class 22) or an integrity violation (class 23): the same rows would fail
 * again, unlike a lost connection or a restarting server.
 */
export function isRefusedData(error: unknown): boolean {
  return /^2[23]/.test(sqlStateOf(error)?.code ?? '');
}

/** The SQLSTATE of a failed query (either driver, Drizzle's wrapper or not). */
export function databaseErrorCode(error: unknown): string | undefined {
  return sqlStateOf(error)?.code;
}
