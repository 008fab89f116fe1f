/**
 * Forwards a client error to Sentry when SENTRY_DSN is set (ARCHITECTURE.md "error reports"),
 * through Sentry's envelope endpoint: no SDK in the server or the web app, and the browser
 * keeps talking only to us (our CSP allows no other origin).
 */

export interface SentryTarget {
  url: string;
  auth: string;
}

/** https://<key>@<host>/<projectId> → the envelope URL and auth header; null if malformed. */
export function parseSentryDsn(dsn: string): SentryTarget | null {
  try {
    const parsed = new URL(dsn);
    const projectId = parsed.pathname.replace(/^\/+|\/+$/g, '');
    if (!parsed.username || !projectId) return null;
    return {
      url: `${parsed.protocol}//${parsed.host}/api/${projectId}/envelope/`,
      auth: `Sentry sentry_version=7, sentry_client=orbit-chat/1.0, sentry_key=${parsed.username}`,
    };
  } catch {
    return null;
  }
}

export interface SentryEvent {
  message: string;
  stack: string | null;
  componentStack: string | null;
  url: string | null;
  userAgent: string | null;
  userId: number | null;
}

export async function sendToSentry(target: SentryTarget, event: SentryEvent): Promise<void> {
  const eventId = crypto.randomUUID().replaceAll('-', '');
  const payload = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    logger: 'orbit-chat.client',
    message: { formatted: event.message },
    exception: { values: [{ type: 'Error', value: event.message }] },
    request: { url: event.url ?? undefined, headers: { 'User-Agent': event.userAgent ?? '' } },
    user: event.userId === null ? undefined : { id: String(event.userId) },
    extra: { stack: event.stack, componentStack: event.componentStack },
  };
  const body = [
    JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(payload),
  ].join('\n');
  const response = await fetch(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': target.auth },
    body,
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`Sentry answered ${response.status}`);
}
