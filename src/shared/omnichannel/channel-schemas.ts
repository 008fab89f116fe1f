import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';
import { BrandParamsSchema } from './brand-schemas.ts';

/** A brand's channels, their secrets and the webhooks their providers call (spec 02 §3, issue 14). */

export const CHANNEL_TYPES = ['api', 'widget', 'whatsapp', 'telegram', 'sms', 'email'] as const;
export const ChannelTypeSchema = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof ChannelTypeSchema>;

/** Every secret a channel may hold; each type uses some (see CHANNEL_SECRETS). */
export const SECRET_NAMES = [
  'appSecret',
  'verifyToken',
  'botToken',
  'authToken',
  'hmacKey',
  'smtpPassword',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** The secrets that verify each type's deliveries (and later authenticate its replies). */
export const CHANNEL_SECRETS: Record<ChannelType, readonly SecretName[]> = {
  api: ['hmacKey'],
  widget: ['hmacKey'],
  whatsapp: ['appSecret', 'verifyToken', 'authToken'],
  telegram: ['botToken', 'verifyToken'],
  sms: ['authToken'],
  email: ['hmacKey', 'smtpPassword'],
};

export const ChannelParamsSchema = BrandParamsSchema.extend({
  channelId: z.uuid('Not a channel id'),
});
export const WebhookParamsSchema = z.object({ channelId: z.uuid('Not a channel id') });

/** What may be shown of a channel's configuration: its provider's API base URL and ids. */
export const ChannelConfigSchema = z.object({
  apiBaseUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  /** WhatsApp: the phone number id replies are sent from. */
  phoneNumberId: textSchema().trim().max(100).optional(),
  /** API channel: where signed replies go. */
  replyWebhookUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  /** Email: the address replies come from. */
  fromAddress: textSchema().trim().max(320).optional(),
  /** Twilio: the account replies are sent from (with the auth token as its password). */
  accountSid: textSchema().trim().max(100).optional(),
  /** Email: the SMTP server replies go through (password: the `smtpPassword` secret). */
  smtpHost: textSchema().trim().max(253).optional(),
  smtpPort: z.number().int().min(1).max(65_535).optional(),
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  smtpSecure: z.boolean().optional(),
  smtpUser: textSchema().trim().max(320).optional(),
  /**
   * Widget: a visitor the brand's page did not sign gets a random id signed by us (decision 287).
   * Off by default: the brand's server names its visitors.
   */
  anonymousVisitors: z.boolean().optional(),
});
export type ChannelConfig = z.infer<typeof ChannelConfigSchema>;

/** Secrets are write-only: a value sets it, null removes it, leaving it out keeps it. */
export const ChannelSecretsInputSchema = z
  .object(
    Object.fromEntries(
      SECRET_NAMES.map((name) => [name, textSchema().min(1).max(1000).nullable().optional()]),
    ) as Record<SecretName, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
  )
  .partial();

export const ChannelInputSchema = z.object({
  channelType: ChannelTypeSchema,
  channelIdentifier: textSchema().trim().min(1, 'Identifier is required').max(320),
  config: ChannelConfigSchema.default({}),
  secrets: ChannelSecretsInputSchema.default({}),
  isActive: z.boolean().default(true),
});
export type ChannelInput = z.infer<typeof ChannelInputSchema>;
export const ChannelPatchSchema = z
  .object({
    channelIdentifier: ChannelInputSchema.shape.channelIdentifier,
    config: ChannelConfigSchema,
    secrets: ChannelSecretsInputSchema,
    isActive: z.boolean(),
  })
  .partial();
export type ChannelPatch = z.infer<typeof ChannelPatchSchema>;

export const ChannelSchema = z.object({
  channelId: z.string(),
  brandId: z.string(),
  channelType: ChannelTypeSchema,
  channelIdentifier: z.string(),
  config: ChannelConfigSchema,
  /** Which secrets are set; their values are never sent. */
  secretsConfigured: z.record(z.string(), z.boolean()),
  /** The path to give the provider as its webhook (prefixed by the public origin). */
  webhookPath: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof ChannelSchema>;
export const ChannelListSchema = z.object({ items: z.array(ChannelSchema) });

/** The webhook's JSON deliveries are documented as bytes: the signature covers them exactly. */
export const ChannelDeliverySchema = z
  .custom<unknown>(() => true)
  .meta({ type: 'string', description: 'The signed delivery, as the provider sent it' });
export const ChannelReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
/** WhatsApp's subscription check: the challenge echoed as text. */
export const WhatsAppVerifyQuerySchema = z.looseObject({
  'hub.mode': textSchema().max(50).optional(),
  'hub.verify_token': textSchema().max(500).optional(),
  'hub.challenge': textSchema().max(200).optional(),
});
