import { describe, expect, it } from 'vitest';
import { classifyError, isDestructiveKind } from '#client/lib/errors.ts';
import { HttpError, TimeoutError } from '#client/lib/http.ts';

describe('error classification (spec 01-core §8)', () => {
  it.each([
    [new TimeoutError(), 'timeout', 'TIMEOUT_ERROR', 408],
    [new TypeError('Failed to fetch'), 'network', 'NETWORK_ERROR', 0],
    [new Error('Network request failed'), 'network', 'NETWORK_ERROR', 0],
    [new HttpError(429, 'Monthly quota exceeded'), 'quota', 'QUOTA_EXCEEDED_ERROR', 429],
    [new Error('Message limit reached'), 'quota', 'QUOTA_EXCEEDED_ERROR', 429],
    [new HttpError(502, 'OpenAI did not answer'), 'aiService', 'API_ERROR', 503],
    [new HttpError(401, 'Authentication required'), 'authentication', 'AUTH_ERROR', 401],
    [new HttpError(403, 'Forbidden'), 'permission', 'PERMISSION_ERROR', 403],
    [new HttpError(429, 'Too many requests'), 'rateLimit', 'RATE_LIMIT_ERROR', 429],
    [new HttpError(500, 'Internal server error'), 'server', 'SERVER_ERROR', 500],
    [new HttpError(503, 'Maintenance'), 'server', 'SERVER_ERROR', 503],
    [new HttpError(409, 'Username taken'), 'client', 'CLIENT_ERROR', 409],
    [new HttpError(400, 'Bad input', 'VALIDATION_ERROR'), 'validation', 'VALIDATION_ERROR', 400],
    [Object.assign(new Error('invalid'), { errors: ['x'] }), 'validation', 'VALIDATION_ERROR', 400],
    [new Error('weird'), 'unknown', 'UNKNOWN_ERROR', 500],
  ])('%s → %s', (error, kind, code, status) => {
    expect(classifyError(error)).toMatchObject({ kind, code, status });
  });

  it('shows rate limit and timeout in the default look, everything else destructive', () => {
    expect(isDestructiveKind('rateLimit')).toBe(false);
    expect(isDestructiveKind('timeout')).toBe(false);
    expect(isDestructiveKind('server')).toBe(true);
    expect(isDestructiveKind('quota')).toBe(true);
  });
});
