import { apiRequest } from '#client/lib/http.ts';
import { CLIENT_ERROR_LIMITS } from '#shared/client-errors/client-error-limits.ts';

const clip = (value: string | null | undefined, max: number) =>
  value ? value.slice(0, max) : null;

/**
 * Sends a crash to the server, which stores it for the admin logs and forwards it to Sentry
 * when SENTRY_DSN is set (spec 01-core §2 "Error screen"). Reporting never throws.
 */
export async function reportClientError(error: unknown, componentStack?: string | null) {
  const err = error instanceof Error ? error : new Error(String(error));
  try {
    await apiRequest('POST', '/api/client-errors', {
      message: clip(err.message || err.name, CLIENT_ERROR_LIMITS.message) ?? 'Error',
      stack: clip(err.stack, CLIENT_ERROR_LIMITS.stack),
      componentStack: clip(componentStack, CLIENT_ERROR_LIMITS.stack),
      url: clip(window.location.href, CLIENT_ERROR_LIMITS.url),
    });
  } catch (reportError) {
    console.warn('Could not report the error', reportError);
  }
}
