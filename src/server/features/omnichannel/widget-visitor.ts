import { createHmac } from 'node:crypto';
import type { AppContext } from '#server/http/request-context.ts';
import type { Secrets } from '#server/secrets/secrets.ts';
import { notFound, unauthenticated } from '#shared/errors/app-error.ts';
import { safeEqual } from './channel-verify.ts';
import { openSecrets } from './omnichannel-mapping.ts';
import { findWebhookChannel, type ChannelRow } from './omnichannel.queries.ts';

/** What the brand's server gives its page for a visitor: hex HMAC-SHA256 of the visitor id. */
export const visitorSignature = (hmacKey: string, visitor: string) =>
  createHmac('sha256', hmacKey).update(visitor, 'utf8').digest('hex');

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
