import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelType, SecretName } from '#shared/omnichannel/channel-schemas.ts';

/** One customer message taken from a verified delivery. */
export interface NormalizedMessage {
  providerId: string;
  sender: string;
  senderName: string | null;
  content: string;
  metadata: Record<string, unknown>;
}

export interface Delivery {
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** The URLs the provider may have called (Twilio signs the URL): behind a proxy, its public one. */
  urls: string[];
}

export class SignatureError extends Error {
  override name = 'SignatureError';
}

type Secrets = Partial<Record<SecretName, string>>;

function header(delivery: Delivery, name: string): string | null {
  const value = delivery.headers[name];
  return typeof value === 'string' ? value : null;
}

/** Constant-time equality of two strings; a different length is simply unequal. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function need(secrets: Secrets, name: SecretName): string {
  const value = secrets[name];
  if (!value) throw new SignatureError(`The channel has no ${name}`);
  return value;
}

function hmacHex(key: string, raw: Buffer) {
  return createHmac('sha256', key).update(raw).digest('hex');
}

/** `sha256=<hex HMAC-SHA256 of the raw body>` in `name` (our API, email, widget; WhatsApp). */
function checkSha256Header(delivery: Delivery, name: string, key: string) {
  const given = header(delivery, name);
  if (!given || !safeEqual(given, `sha256=${hmacHex(key, delivery.raw)}`)) {
    throw new SignatureError('Bad signature');
  }
}

/** Twilio: base64 HMAC-SHA1 of the URL followed by each form field's name and value, sorted. */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams) {
  const keys = [...new Set(params.keys())].sort();
  const data = keys.reduce(
    (text, key) =>
      text +
      params
        .getAll(key)
        .sort()
        .map((value) => key + value)
        .join(''),
    url,
  );
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

function json(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new SignatureError('The body is not JSON');
  }
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function only(message: NormalizedMessage | null): NormalizedMessage[] {
  return message ? [message] : [];
}

/** Our own JSON shape (API and widget): { messageId, sender, senderName?, content }. */
function ownJson(raw: Buffer): NormalizedMessage[] {
  const body = record(json(raw));
  const providerId = text(body.messageId);
  const sender = text(body.sender);
  const content = text(body.content);
  if (!providerId || !sender || content === null) return [];
  return [{ providerId, sender, senderName: text(body.senderName), content, metadata: {} }];
}

function whatsapp(raw: Buffer): NormalizedMessage[] {
  const messages: NormalizedMessage[] = [];
  for (const entry of (record(json(raw)).entry as unknown[] | undefined) ?? []) {
    for (const change of (record(entry).changes as unknown[] | undefined) ?? []) {
      const value = record(record(change).value);
      const names = new Map<string, string>();
      for (const contact of (value.contacts as unknown[] | undefined) ?? []) {
        const id = text(record(contact).wa_id);
        const name = text(record(record(contact).profile).name);
        if (id && name) names.set(id, name);
      }
      for (const item of (value.messages as unknown[] | undefined) ?? []) {
        const message = record(item);
        const providerId = text(message.id);
        const sender = text(message.from);
        if (!providerId || !sender) continue;
        messages.push({
          providerId,
          sender,
          senderName: names.get(sender) ?? null,
          content: text(record(message.text).body) ?? `[${text(message.type) ?? 'message'}]`,
          metadata: { phoneNumberId: text(record(value.metadata).phone_number_id) },
        });
      }
    }
  }
  return messages;
}

function telegram(raw: Buffer): NormalizedMessage[] {
  const update = record(json(raw));
  const message = record(update.message ?? update.edited_message);
  const chat = text(record(message.chat).id);
  const id = text(message.message_id);
  if (!chat || !id) return [];
  const from = record(message.from);
  const name = [text(from.first_name), text(from.last_name)].filter(Boolean).join(' ');
  return only({
    providerId: `${chat}:${id}`,
    sender: chat,
    senderName: name || text(from.username),
    content: text(message.text) ?? text(message.caption) ?? '',
    metadata: { updateId: text(update.update_id) },
  });
}

function sms(params: URLSearchParams): NormalizedMessage[] {
  const providerId = params.get('MessageSid') ?? params.get('SmsSid');
  const sender = params.get('From');
  if (!providerId || !sender) return [];
  return only({
    providerId,
    sender,
    senderName: null,
    content: params.get('Body') ?? '',
    metadata: { to: params.get('To') },
  });
}

/** An inbound-parse delivery: { from, to, subject, text, html, messageId, inReplyTo, references }. */
function email(raw: Buffer): NormalizedMessage[] {
  const body = record(json(raw));
  const providerId = text(body.messageId);
  const sender = text(body.from);
  if (!providerId || !sender) return [];
  return only({
    providerId,
    sender,
    senderName: null,
    content: text(body.text) ?? '',
    metadata: {
      to: text(body.to),
      subject: text(body.subject),
      inReplyTo: text(body.inReplyTo),
      references: text(body.references),
    },
  });
}

/**
 * Checks a delivery's signature on the exact bytes received, then reads its messages. Throws
 * SignatureError before anything is parsed when the signature is missing or wrong.
 */
export function verifyDelivery(
  type: ChannelType,
  secrets: Secrets,
  delivery: Delivery,
): NormalizedMessage[] {
  switch (type) {
    case 'api':
    case 'widget':
      checkSha256Header(delivery, 'x-orbit-signature', need(secrets, 'hmacKey'));
      return ownJson(delivery.raw);
    case 'email':
      checkSha256Header(delivery, 'x-orbit-signature', need(secrets, 'hmacKey'));
      return email(delivery.raw);
    case 'whatsapp':
      checkSha256Header(delivery, 'x-hub-signature-256', need(secrets, 'appSecret'));
      return whatsapp(delivery.raw);
    case 'telegram': {
      const given = header(delivery, 'x-telegram-bot-api-secret-token');
      if (!given || !safeEqual(given, need(secrets, 'verifyToken'))) {
        throw new SignatureError('Bad secret token');
      }
      return telegram(delivery.raw);
    }
    case 'sms': {
      const given = header(delivery, 'x-twilio-signature');
      const token = need(secrets, 'authToken');
      const params = new URLSearchParams(delivery.raw.toString('utf8'));
      if (
        !given ||
        !delivery.urls.some((url) => safeEqual(given, twilioSignature(token, url, params)))
      ) {
        throw new SignatureError('Bad signature');
      }
      return sms(params);
    }
  }
}
