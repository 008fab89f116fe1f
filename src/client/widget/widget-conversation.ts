/** The widget's pure parts: its embed options, the conversation it keeps, the reconnect pacing. */

export interface EmbedOptions {
  /** The Orbit server the script came from: its API is there. */
  apiOrigin: string;
  channelId: string;
  visitor: string;
  signature: string;
  /** The visitor's name as the brand knows it, shown in the inbox. */
  name: string | null;
}

/**
 * Reads the `<script>` tag's attributes (`data-channel`, `data-visitor`, `data-signature`,
 * optional `data-name`); null when one is missing or malformed, so nothing is rendered.
 */
export function readEmbedOptions(
  scriptSrc: string,
  data: Record<string, string | undefined>,
): EmbedOptions | null {
  const { channel, visitor, signature } = data;
  if (!channel || !/^[0-9a-f-]{36}$/i.test(channel)) return null;
  if (!visitor || visitor.length > 320) return null;
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
  let apiOrigin: string;
  try {
    apiOrigin = new URL(scriptSrc).origin;
  } catch {
    return null;
  }
  const name = data.name?.trim().slice(0, 200) || null;
  return { apiOrigin, channelId: channel.toLowerCase(), visitor, signature, name };
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

export const storageKey = (options: EmbedOptions) =>
  `orbit-widget:${options.channelId}:${options.visitor}`;

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

/** Waits between reconnects of the reply stream: 1 s doubling up to 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/** Reads the brand's colour only as `#rrggbb` (it goes into CSS); else the widget's own. */
export const accentColour = (colour: string | null) =>
  colour && /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#2563eb';
