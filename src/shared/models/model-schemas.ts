import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';
import { PROVIDERS } from './model-ids.ts';

const ProviderIdSchema = z.enum(PROVIDERS);

const TierSchema = z.enum(['free', 'premium', 'expert', 'ultimate']);

/** A model as GET /api/models shows it to the caller. */
export const ModelAvailabilitySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A catalogue provider, or 'offline' for the built-in offline assistant. */
  provider: z.string(),
  minTier: z.string(),
  vision: z.boolean(),
  contextWindow: z.number().int(),
  /** The caller's plan includes it (spec 01-core §6). */
  allowed: z.boolean(),
  /** Its provider is configured on this server. */
  available: z.boolean(),
  /** Why it cannot be used, when allowed or available is false. */
  reason: z.string().nullable(),
});

export type ModelAvailability = z.infer<typeof ModelAvailabilitySchema>;

export const ModelListSchema = z.object({
  /** No provider is configured: the offline assistant answers every chat. */
  offline: z.boolean(),
  models: z.array(ModelAvailabilitySchema),
});
export type ModelList = z.infer<typeof ModelListSchema>;

/**
 * A catalogue model id as a client names it: built in or added by an administrator. Whether it
 * exists and the caller's plan covers it is decided on the server against the catalogue.
 */
export const CatalogueModelIdSchema = textSchema({ error: 'Unknown AI model' }).regex(
  /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/,
  'Unknown AI model',
);

/** Path parameter of the admin routes; 'offline' and 'predefined' are reserved. */
export const ModelIdParamsSchema = z.object({
  modelId: textSchema()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/,
      'Model id: letters, digits and . _ : - (at most 100 characters)',
    )
    .refine((id) => id !== 'offline' && id !== 'predefined', 'This model id is reserved'),
});

/**
 * PUT /api/admin/models/:modelId replaces the administrator's row for that id. For a built-in
 * model every field is optional (omitted fields keep the built-in value); a new model needs
 * displayName, provider and upstreamModel.
 */
export const AdminModelInputSchema = z.strictObject({
  displayName: textSchema().trim().min(1).max(100).optional(),
  provider: ProviderIdSchema.optional(),
  upstreamModel: textSchema().trim().min(1).max(200).optional(),
  minTier: TierSchema.optional(),
  vision: z.boolean().optional(),
  contextWindow: z.number().int().min(256).max(10_000_000).optional(),
  inputPricePerMillion: z.number().min(0).max(100_000).optional(),
  outputPricePerMillion: z.number().min(0).max(100_000).optional(),
  isEnabled: z.boolean().optional(),
});
export type AdminModelInput = z.infer<typeof AdminModelInputSchema>;

export const AdminModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: ProviderIdSchema,
  upstreamModel: z.string(),
  minTier: z.string(),
  vision: z.boolean(),
  contextWindow: z.number().int(),
  inputPricePerMillion: z.number(),
  outputPricePerMillion: z.number(),
  enabled: z.boolean(),
  origin: z.enum(['builtin', 'override', 'custom']),
  configured: z.boolean(),
  reason: z.string().nullable(),
});
export type AdminModel = z.infer<typeof AdminModelSchema>;
export const AdminModelListSchema = z.array(AdminModelSchema);
export type AdminModelList = z.infer<typeof AdminModelListSchema>;
