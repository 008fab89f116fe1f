import { z } from 'zod';
import { storable, textSchema } from '#shared/validation/database-input.ts';

/**
 * AI provider credentials set in the admin area (issue 12 "api-keys"). A key goes in, never out:
 * the status says whether one is configured, where it comes from and at most its last four
 * characters.
 */
export const PROVIDER_KEY_IDS = ['openai', 'anthropic', 'perplexity'] as const;
export const ProviderKeyIdSchema = z.enum(PROVIDER_KEY_IDS);
export type ProviderKeyId = z.infer<typeof ProviderKeyIdSchema>;

export const ProviderKeyParamsSchema = z.object({ provider: ProviderKeyIdSchema });

const SourceSchema = z.enum(['admin', 'env']);

export const ProviderKeyStatusSchema = z.object({
  provider: ProviderKeyIdSchema,
  apiKey: z.object({
    configured: z.boolean(),
    source: SourceSchema.nullable(),
    /** The last four characters of a long enough key, else null. */
    last4: z.string().nullable(),
  }),
  baseUrl: z.object({
    /** The endpoint in use: the administrator's, the environment's or the provider's default. */
    value: z.string(),
    source: z.enum(['admin', 'env', 'default']),
  }),
  /**
   * The administrator's endpoint has no usable key of its own while the environment has one:
   * the environment's key is only sent to the environment's endpoint, so this provider does not
   * answer until a key is set with the endpoint or the endpoint is removed (decision 324).
   */
  endpointNeedsKey: z.boolean(),
  /** When and by whom the administrator's values were last changed (null: never). */
  updatedAt: z.iso.datetime().nullable(),
  updatedBy: z.string().nullable(),
  /** Why a stored key cannot be used (e.g. sealed with another APP_SECRET); it counts as unset. */
  error: z.string().nullable(),
});
export type ProviderKeyStatus = z.infer<typeof ProviderKeyStatusSchema>;

export const ProviderKeyListSchema = z.object({ providers: z.array(ProviderKeyStatusSchema) });
export type ProviderKeyList = z.infer<typeof ProviderKeyListSchema>;

const BaseUrlSchema = storable(z.url({ protocol: /^https?$/, error: 'An http or https URL' }))
  .max(500)
  .transform((url) => url.replace(/\/+$/, ''));

/**
 * Omitted: unchanged; null: the administrator's value is removed (the environment's applies).
 * While the environment has a key, an endpoint other than the environment's is refused (400,
 * `details.apiKey`) unless a key is set with it: that key is never sent elsewhere (decision 324).
 */
export const ProviderKeyUpdateSchema = z
  .object({
    apiKey: textSchema().trim().min(1).max(500).nullable().optional(),
    baseUrl: BaseUrlSchema.nullable().optional(),
  })
  .strict();
export type ProviderKeyUpdate = z.infer<typeof ProviderKeyUpdateSchema>;
