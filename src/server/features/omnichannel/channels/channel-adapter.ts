import { withDeadline } from '#server/deadline.ts';
import type { ChannelConfig, SecretName } from '#shared/omnichannel/channel-schemas.ts';
import type { MessageRow } from '../omnichannel.queries.ts';

/** One reply on its way to a provider, with what its adapter needs to send it. */
export interface Outgoing {
  /** The stored reply (content with the brand's footer, metadata with its template). */
  message: MessageRow;
  /** The customer message it answers (email threading, WhatsApp's window). */
  parent: MessageRow | null;
  /** The channel's identifier: the number, bot or address replies come from. */
  channelIdentifier: string;
  config: ChannelConfig;
  secrets: Partial<Record<SecretName, string>>;
  /** When the customer last wrote in this thread (WhatsApp's 24-hour window). */
  lastInboundAt: Date | null;
  now: Date;
  signal: AbortSignal;
}

export interface Sent {
  /** The provider's id for the message, when it gives one. */
  providerMessageId: string | null;
}

/** Sends a reply through one kind of channel; throws DeliveryError when it cannot. */
export interface ChannelAdapter {
  send(outgoing: Outgoing): Promise<Sent>;
}

/**
 * A reply that did not reach the provider. `permanent`: sending again cannot help (refused
 * credentials, a bad request, a closed WhatsApp window), so the job does not retry it.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export function required<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null || value === '') {
    throw new DeliveryError(`The channel has no ${what}`, true);
  }
  return value;
}

/** The provider's base URL from the channel's config (a fake peer in tests), without a trailing slash. */
export function baseUrl(config: ChannelConfig, fallback: string) {
  return (config.apiBaseUrl ?? fallback).replace(/\/+$/, '');
}

/** How long one provider call may take before it counts as failed (and is retried). */
const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * One provider call. A 2xx answer's JSON is returned; 408, 429 and 5xx are retried (the
 * provider's trouble), other refusals are permanent; a network error or timeout is retried.
 */
export async function callProvider(
  url: string,
  init: RequestInit & { signal: AbortSignal },
  provider: string,
): Promise<unknown> {
  const deadline = withDeadline(
    init.signal,
    PROVIDER_TIMEOUT_MS,
    `no answer within ${PROVIDER_TIMEOUT_MS} ms`,
  );
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: deadline.signal });
    text = await response.text().catch(() => '');
  } catch (error) {
    throw new DeliveryError(`${provider} unreachable: ${(error as Error).message}`, false);
  } finally {
    deadline.clear();
  }
  if (!response.ok) {
    const retry = response.status === 408 || response.status === 429 || response.status >= 500;
    throw new DeliveryError(
      `${provider} answered ${response.status}: ${text.slice(0, 300)}`.trim(),
      !retry,
    );
  }
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

export function field(value: unknown, ...path: (string | number)[]): string | null {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string | number, unknown>)[key];
  }
  return typeof current === 'string'
    ? current
    : typeof current === 'number'
      ? String(current)
      : null;
}
