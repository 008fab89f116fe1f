import { SecretUnavailableError, type Secrets } from '#server/secrets/secrets.ts';
import { AppError } from '#shared/errors/app-error.ts';
import type { Brand, BrandPatch } from '#shared/omnichannel/brand-schemas.ts';
import {
  ChannelConfigSchema,
  CHANNEL_SECRETS,
  ChannelTypeSchema,
  type Channel,
  type ChannelType,
  type SecretName,
} from '#shared/omnichannel/channel-schemas.ts';
import {
  MessageStatusSchema,
  ProcessModeSchema,
  type Thread,
  type OmnichannelMessage,
} from '#shared/omnichannel/inbox-schemas.ts';
import type { ResponseTemplate } from '#shared/omnichannel/template-schemas.ts';
import type { TemplateRow } from './inbox.queries.ts';
import type { BrandRow, BrandValues, ChannelRow, MessageRow } from './omnichannel.queries.ts';

/** numeric columns come back as '1000.00'; the API always shows two places. */
const twoPlaces = (value: string) => Number(value).toFixed(2);

export function toBrand(row: BrandRow): Brand {
  return {
    brandId: row.id,
    name: row.name,
    description: row.description,
    logo: row.logo,
    primaryColor: row.primaryColor,
    voice: row.voice,
    signatureEmail: row.signatureEmail,
    signatureChat: row.signatureChat,
    legalDisclaimer: row.legalDisclaimer,
    autoReplyEnabled: row.autoReplyEnabled,
    maxAutopilotAmount: twoPlaces(row.maxAutopilotAmount),
    maxDiscountPercent: twoPlaces(row.maxDiscountPercent),
    slaResponseMinutes: row.slaResponseMinutes,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBrandValues(input: BrandPatch): Partial<BrandValues> {
  return { ...input };
}

export const webhookPath = (channelId: string) => `/api/omnichannel/webhooks/${channelId}`;

/** A channel as the admin sees it: which secrets are set, never their values. */
export function toChannel(row: ChannelRow): Channel {
  const type = ChannelTypeSchema.parse(row.channelType);
  return {
    channelId: row.id,
    brandId: row.brandId,
    channelType: type,
    channelIdentifier: row.channelIdentifier,
    config: ChannelConfigSchema.parse(row.config),
    secretsConfigured: Object.fromEntries(
      CHANNEL_SECRETS[type].map((name) => [name, Boolean(row.secrets[name])]),
    ),
    webhookPath: webhookPath(row.id),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The context a channel's secret is sealed under: a value copied to another slot does not open. */
const sealContext = (channelId: string, name: SecretName) => `omnichannel:${channelId}:${name}`;

/**
 * Applies a write-only change: a value is sealed, null removes, absent keeps. Only the secrets
 * the channel's type uses are kept.
 */
export function sealSecrets(
  secrets: Secrets,
  type: ChannelType,
  channelId: string,
  current: Record<string, string>,
  change: Partial<Record<SecretName, string | null | undefined>>,
): Record<string, string> {
  const next = { ...current };
  for (const [name, value] of Object.entries(change) as [SecretName, string | null | undefined][]) {
    if (value === undefined || !CHANNEL_SECRETS[type].includes(name)) continue;
    if (value === null) delete next[name];
    else next[name] = secrets.seal(value, sealContext(channelId, name));
  }
  return next;
}

/**
 * The channel's secrets in the clear. One sealed under another APP_SECRET (a changed or lost
 * secret) answers 503, so a provider retries its delivery until an administrator enters the
 * secrets again, and the log names the channel and the reason (never the value).
 */
export function openSecrets(secrets: Secrets, row: ChannelRow) {
  const open: Partial<Record<SecretName, string>> = {};
  for (const [name, sealed] of Object.entries(row.secrets) as [SecretName, string][]) {
    try {
      open[name] = secrets.open(sealed, sealContext(row.id, name));
    } catch (error) {
      if (!(error instanceof SecretUnavailableError)) throw error;
      throw Object.assign(
        new AppError('SERVER_ERROR', 503, 'This channel is not available at the moment'),
        { cause: new Error(`channel ${row.id}, secret ${name}: ${error.message}`) },
      );
    }
  }
  return open;
}

export function toMessage(row: MessageRow): OmnichannelMessage {
  return {
    id: row.id,
    messageId: row.messageId,
    brandId: row.brandId,
    channelId: row.channelId,
    channelType: ChannelTypeSchema.parse(row.channelType),
    direction: row.direction === 'outbound' ? 'outbound' : 'inbound',
    threadKey: row.threadKey,
    senderIdentifier: row.senderIdentifier,
    senderName: row.senderName,
    content: row.content,
    status: MessageStatusSchema.catch('pending').parse(row.status),
    intent: row.intent,
    urgency: row.urgency,
    processMode: ProcessModeSchema.nullable().catch(null).parse(row.processMode),
    assignedTo: row.assignedTo,
    parentMessageId: row.parentMessageId,
    responseTime: row.responseTime,
    reasons: stringList(row.metadata.reasons),
    providerMessageId: textOrNull(row.metadata.providerMessageId),
    deliveryError: textOrNull(row.metadata.deliveryError),
    createdAt: row.createdAt.toISOString(),
  };
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const stringList = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function toThread(rows: MessageRow[]): Thread | null {
  const first = rows.find((row) => row.direction === 'inbound') ?? rows[0];
  if (!first) return null;
  return {
    threadKey: first.threadKey,
    brandId: first.brandId,
    channelId: first.channelId,
    channelType: ChannelTypeSchema.parse(first.channelType),
    senderIdentifier: first.senderIdentifier,
    senderName: rows.findLast((row) => row.direction === 'inbound')?.senderName ?? first.senderName,
    messages: rows.map(toMessage),
  };
}

export function toTemplate(row: TemplateRow): ResponseTemplate {
  return {
    templateId: row.id,
    brandId: row.brandId,
    name: row.name,
    category: row.category,
    channelType: ChannelTypeSchema.nullable().catch(null).parse(row.channelType),
    language: row.language,
    subject: row.subject,
    content: row.content,
    variables: row.variables,
    quickReplies: row.quickReplies,
    usageCount: row.usageCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
