import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';

/** A brand's knowledge entries, with their validity dates (spec 02 §3, issue 14 item 5). */

const isoDateTime = z.iso.datetime({ offset: true });

const knowledgeFields = {
  title: textSchema().trim().min(1, 'Title is required').max(300),
  content: textSchema().trim().min(1, 'Content is required').max(20_000),
  category: textSchema().trim().max(100).nullable(),
  contentType: z.enum(['text', 'faq', 'policy']),
  tags: z.array(textSchema().trim().min(1).max(50)).max(30),
  priority: z.number().int().min(-1000).max(1000),
  isActive: z.boolean(),
  validFrom: isoDateTime.nullable(),
  validUntil: isoDateTime.nullable(),
};

const validRange = (value: { validFrom?: string | null; validUntil?: string | null }) =>
  !value.validFrom ||
  !value.validUntil ||
  Date.parse(value.validFrom) < Date.parse(value.validUntil);
const RANGE_MESSAGE = { message: 'Valid until must be after valid from', path: ['validUntil'] };

export const KnowledgeInputSchema = z
  .object({
    ...knowledgeFields,
    category: knowledgeFields.category.default(null),
    contentType: knowledgeFields.contentType.default('text'),
    tags: knowledgeFields.tags.default([]),
    priority: knowledgeFields.priority.default(0),
    isActive: knowledgeFields.isActive.default(true),
    validFrom: knowledgeFields.validFrom.default(null),
    validUntil: knowledgeFields.validUntil.default(null),
  })
  .refine(validRange, RANGE_MESSAGE);
export type KnowledgeInput = z.infer<typeof KnowledgeInputSchema>;
export const KnowledgePatchSchema = z
  .object(knowledgeFields)
  .partial()
  .refine(validRange, RANGE_MESSAGE);
export type KnowledgePatch = z.infer<typeof KnowledgePatchSchema>;

export const KnowledgeEntrySchema = z.object({
  id: z.number().int(),
  brandId: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.string().nullable(),
  contentType: z.string(),
  tags: z.array(z.string()),
  priority: z.number().int(),
  isActive: z.boolean(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeEntry = z.infer<typeof KnowledgeEntrySchema>;
export const KnowledgeListSchema = z.object({ items: z.array(KnowledgeEntrySchema) });
/** `q`: full-text search; absent: every entry of the brand. */
export const KnowledgeQuerySchema = z.object({ q: textSchema().trim().max(200).optional() });
