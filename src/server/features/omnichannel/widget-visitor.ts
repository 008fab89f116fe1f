import { createHmac, randomUUID } from 'node:crypto';
import type { AppContext } from '#server/http/request-context.ts';
import type { Secrets } from '#server/secrets/secrets.ts';
import { forbidden, notFound, unauthenticated } from '#shared/errors/app-error.ts';
import { safeEqual } from './channel-verify.ts';
import { openSecrets } from './omnichannel-mapping.ts';
import { findWebhookChannel, type ChannelRow } from './omnichannel.queries.ts';

/** What the brand's server gives its page for a visitor: hex HMAC-SHA256 of the visitor id. */
export const visitorSignature = (hmacKey: string, visitor: string) =>
  createHmac('sha256', hmacKey).update(visitor, 'utf8').digest('hex');

/** Ids we hand out; a brand names its own visitors however it likes, so this only reads well. */
const ANONYMOUS_PREFIX = 'visitor-';

/** Whether the brand lets visitors its page did not sign ask us for an id (decision 287). */
export const allowsAnonymousVisitors = (channel: ChannelRow) =>
  channel.config.anonymousVisitors === true;

/** An active website widget channel of an active brand, with the brand; 404 otherwise. */
export async function requireWidgetChannel(ctx: AppContext, channelId: string) {
  const found = await findWebhookChannel(ctx.db, channelId);
  if (
    !found ||
    found.channel.channelType !== 'widget' ||
    !found.channel.isActive ||
    !found.brandActive
  ) {
    throw notFound('Channel not found');
  }
  return found.channel;
}

/**
 * The visitor named by the brand's page, checked against its signature in constant time: nobody
 * writes as, or reads the replies of, another visitor (401).
 */
export function requireSignedVisitor(
  secrets: Secrets,
  channel: ChannelRow,
  visitor: { visitor: string; signature: string },
) {
  const key = openSecrets(secrets, channel).hmacKey;
  if (!key || !safeEqual(visitor.signature, visitorSignature(key, visitor.visitor))) {
    throw unauthenticated('Invalid visitor signature');
  }
  return visitor.visitor;
}

/**
 * A new random visitor, signed under the channel's key as the brand's server would sign one, so
 * every later request is checked the same way (requireSignedVisitor). Only where the brand allows
 * anonymous visitors (403 otherwise) and the channel has its key (403: not set up).
 */
export function issueAnonymousVisitor(secrets: Secrets, channel: ChannelRow) {
  if (!allowsAnonymousVisitors(channel)) {
    throw forbidden('This website chat accepts only visitors signed by the brand');
  }
  const key = openSecrets(secrets, channel).hmacKey;
  if (!key) throw forbidden('This website chat has no key to sign visitors with');
  const visitor = `${ANONYMOUS_PREFIX}${randomUUID()}`;
  return { visitor, signature: visitorSignature(key, visitor) };
}
