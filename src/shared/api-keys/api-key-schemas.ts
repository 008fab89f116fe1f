import { z } from 'zod';
import { pageSchema, PageQuerySchema } from '#shared/api/pagination.ts';
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
export const AdminApiKeyQuerySchema = PageQuerySchema.extend({
  /** Part of the owner's username, the key's name or its prefix. */
  q: textSchema().trim().max(100).optional(),
  status: z.enum(ADMIN_API_KEY_STATUSES).default('all'),
});
export type AdminApiKeyQuery = z.infer<typeof AdminApiKeyQuerySchema>;

export const AdminApiKeySchema = ApiKeySchema.extend({
  userId: z.number().int(),
  username: z.string(),
});
export type AdminApiKey = z.infer<typeof AdminApiKeySchema>;

export const AdminApiKeyPageSchema = pageSchema(AdminApiKeySchema);
export type AdminApiKeyPage = z.infer<typeof AdminApiKeyPageSchema>;
