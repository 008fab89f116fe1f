/**
 * An inbound message's `messageId` is its store-once key (decision 210), scoped by the channel
 * (decision 317): `{channelType}:{channelId}:{providerId}`. A provider id is unique only within
 * its provider account, so two channels of one type can get the same one (two brands' API ids,
 * one e-mail sent to two addresses, two brands' Telegram bots in one group): each is its own
 * message. Rows stored before 317 keep `{channelType}:{providerId}`; readers take both.
 */
export function inboundMessageId(type: string, channelId: string, providerId: string) {
  return `${type}:${channelId}:${providerId}`;
}

/** The key the same message had before decision 317 (a redelivery across the upgrade). */
export function legacyInboundMessageId(type: string, providerId: string) {
  return `${type}:${providerId}`;
}

/**
 * The provider's own id of a stored inbound message (an e-mail's Message-ID, the brand's API
 * id), from either form of its key; null when the key is not one of its channel type's.
 */
export function providerIdOf(row: {
  messageId: string;
  channelType: string;
  channelId: string | null;
}): string | null {
  const typePrefix = `${row.channelType}:`;
  if (!row.messageId.startsWith(typePrefix)) return null;
  const rest = row.messageId.slice(typePrefix.length);
  const channelPrefix = row.channelId ? `${row.channelId}:` : null;
  return channelPrefix && rest.startsWith(channelPrefix) ? rest.slice(channelPrefix.length) : rest;
}
