/** The widget's pure parts: its embed options, the conversation it keeps, the reconnect pacing. */

/** A visitor and the hex HMAC-SHA256 of its id: from the brand's server, or from ours. */
export interface VisitorIdentity {
  visitor: string;
  signature: string;
}

export interface EmbedOptions {
  /** The Orbit server the script came from: its API is there. */
  apiOrigin: string;
  channelId: string;
  /** null: the page names no visitor, and the channel must allow anonymous ones. */
  identity: VisitorIdentity | null;
  /** The visitor's name as the brand knows it, shown in the inbox. */
  name: string | null;
}

export function isIdentity(value: unknown): value is VisitorIdentity {
  const item = value as Partial<VisitorIdentity> | null;
  return (
    typeof item?.visitor === 'string' &&
    item.visitor.length > 0 &&
    item.visitor.length <= 320 &&
    typeof item.signature === 'string' &&
    /^[0-9a-f]{64}$/.test(item.signature)
  );
}

/**
 * Reads the `<script>` tag's attributes (`data-channel`, optional `data-visitor` with
 * `data-signature`, optional `data-name`); null when one is malformed, or only one of the pair
 * is given, so nothing is rendered.
 */
export function readEmbedOptions(
  scriptSrc: string,
  data: Record<string, string | undefined>,
): EmbedOptions | null {
  const { channel, visitor, signature } = data;
  if (!channel || !/^[0-9a-f-]{36}$/i.test(channel)) return null;
  const identity = { visitor, signature };
  const anonymous = visitor === undefined && signature === undefined;
  if (!anonymous && !isIdentity(identity)) return null;
  let apiOrigin: string;
  try {
    apiOrigin = new URL(scriptSrc).origin;
  } catch {
    return null;
  }
  const name = data.name?.trim().slice(0, 200) || null;
  return {
    apiOrigin,
    channelId: channel.toLowerCase(),
    identity: anonymous ? null : (identity as VisitorIdentity),
    name,
  };
}

/** Where an anonymous visitor's id is kept, so the conversation survives the next visit. */
export const anonymousIdentityKey = (channelId: string) => `orbit-widget-visitor:${channelId}`;

export function parseIdentity(text: string | null): VisitorIdentity | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    return isIdentity(value) ? { visitor: value.visitor, signature: value.signature } : null;
  } catch {
    return null;
  }
}

export type MessageState = 'sending' | 'sent' | 'failed';
export interface WidgetMessage {
  /** The visitor's own message id (sent as `clientMessageId`), or the reply's `messageId`. */
  id: string;
  from: 'visitor' | 'brand';
  content: string;
  at: string;
  state: MessageState;
}

/** How many messages a conversation keeps: the page's storage is small and shared. */
export const KEPT_MESSAGES = 100;

export const storageKey = (channelId: string, visitor: string) =>
  `orbit-widget:${channelId}:${visitor}`;

const isMessage = (value: unknown): value is WidgetMessage => {
  const item = value as Partial<WidgetMessage> | null;
  return (
    typeof item?.id === 'string' &&
    (item.from === 'visitor' || item.from === 'brand') &&
    typeof item.content === 'string' &&
    typeof item.at === 'string' &&
    (item.state === 'sending' || item.state === 'sent' || item.state === 'failed')
  );
};

/**
 * The stored conversation, or none when the text is missing or not ours. A message still
 * `sending` when the page went away may not have arrived: it is offered again as failed.
 */
export function parseConversation(text: string | null): WidgetMessage[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(isMessage)
    .map((message) => (message.state === 'sending' ? { ...message, state: 'failed' } : message));
}

export const serializeConversation = (messages: readonly WidgetMessage[]) =>
  JSON.stringify(messages.slice(-KEPT_MESSAGES));

/** Adds or replaces a message by id: a reply heard twice (after a reconnect) shows once. */
export function upsertMessage(
  messages: readonly WidgetMessage[],
  message: WidgetMessage,
): WidgetMessage[] {
  const index = messages.findIndex((item) => item.id === message.id);
  if (index === -1) return [...messages, message].slice(-KEPT_MESSAGES);
  return messages.map((item, i) => (i === index ? message : item));
}

/** One message of the server's record of the conversation (GET …/messages). */
export interface HistoryMessage {
  id: string;
  from: 'visitor' | 'brand';
  content: string;
  createdAt: string;
}

/**
 * The server's record, which holds every reply (also those sent while the stream was down),
 * followed by what it did not have yet when it was read: the visitor's messages still sending
 * or failed, and replies heard live since.
 */
export function mergeHistory(
  messages: readonly WidgetMessage[],
  history: readonly HistoryMessage[],
): WidgetMessage[] {
  const stored = new Set(history.map((item) => item.id));
  const merged: WidgetMessage[] = history.map((item) => ({
    id: item.id,
    from: item.from,
    content: item.content,
    at: item.createdAt,
    state: 'sent',
  }));
  const readUpTo = history.at(-1)?.createdAt ?? '';
  const newer = messages.filter(
    (item) =>
      !stored.has(item.id) &&
      (item.from === 'visitor' ? item.state !== 'sent' : item.at >= readUpTo),
  );
  return [...merged, ...newer].slice(-KEPT_MESSAGES);
}

/** Waits between reconnects of the reply stream: 1 s doubling up to 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/** Reads the brand's colour only as `#rrggbb` (it goes into CSS); else the widget's own. */
export const accentColour = (colour: string | null) =>
  colour && /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#2563eb';
