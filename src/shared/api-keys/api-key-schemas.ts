import { z } from 'zod';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import { API_KEY_SCOPES, MAX_API_KEY_DAYS } from './api-access.ts';

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** POST /api/api-keys */
export const CreateApiKeyRequestSchema = z.object({
  name: textSchema()
    .trim()
    .min(1, 'Name is required')
    .max(100, 'The name can be at most 100 characters'),
  scopes: z
    .array(ApiKeyScopeSchema)
    .min(1, 'Choose at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope only once'),
  expiresInDays: z
    .number()
    .int()
    .min(1, 'At least one day')
    .max(MAX_API_KEY_DAYS, `At most ${MAX_API_KEY_DAYS} days`),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequestSchema>;

/** A key as its owner sees it: never the key itself, only its prefix. */
export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** 201 of POST /api/api-keys: the one and only time the key is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().meta({ description: 'The secret key; shown once, never again' }),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

export const ApiKeyParamsSchema = z.object({
  id: z.coerce.number().pipe(RowIdSchema),
});

/** The admin overview of every user's keys (issue #12, admin api-keys area). */
export const ADMIN_API_KEY_STATUSES = ['all', 'active', 'revoked', 'expired'] as const;
export const AdminApiKeyQuerySchema = z.object({
  q: textSchema().trim().max(100).optional(),
  status: z.enum(ADMIN_API_KEY_STATUSES).default('all'),
  /** The id of the last key of the previous page (newest first). */
  cursor: z.coerce.number().pipe(RowIdSchema).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminApiKeyQuery = z.input<typeof AdminApiKeyQuerySchema>;

export const AdminApiKeySchema = ApiKeySchema.extend({
  userId: z.number().int(),
  username: z.string(),
});
export type AdminApiKey = z.infer<typeof AdminApiKeySchema>;

export const AdminApiKeyPageSchema = z.object({
  keys: z.array(AdminApiKeySchema),
  nextCursor: z.number().int().nullable(),
});
export type AdminApiKeyPage = z.infer<typeof AdminApiKeyPageSchema>;
