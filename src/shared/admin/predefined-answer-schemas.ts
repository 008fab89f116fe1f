import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { LanguageSchema } from '#shared/settings/settings-schemas.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';

/** Admin CRUD of ai_predefined_answers (issue 12 "predefined-answers", spec 02 §3). */

const answerText = () => textSchema().trim().max(10_000);
const translation = () =>
  answerText()
    .transform((text) => text || null)
    .nullable()
    .optional();

/** The fields of an entry, without defaults: a change (PATCH) names only what it changes. */
const fields = {
  keyword: textSchema().trim().min(1, 'Keyword is required').max(200),
  /** The base answer (English), used where no translation is given. */
  answer: answerText().min(1, 'Answer is required'),
  /** Answers in the other languages; a missing or null one falls back to `answer`. */
  translations: z.object({
    de: translation(),
    zh: translation(),
    mk: translation(),
    sq: translation(),
    ko: translation(),
  }),
  priority: z.number().int().min(-1000).max(1000),
  isActive: z.boolean(),
  exactMatch: z.boolean(),
  caseSensitive: z.boolean(),
  category: textSchema().trim().max(100).nullable(),
  tags: z.array(textSchema().trim().min(1).max(50)).max(20),
};

export const PredefinedAnswerInputSchema = z.object({
  ...fields,
  translations: fields.translations.default({}),
  priority: fields.priority.default(0),
  isActive: fields.isActive.default(true),
  exactMatch: fields.exactMatch.default(false),
  caseSensitive: fields.caseSensitive.default(false),
  category: fields.category.default(null),
  tags: fields.tags.default([]),
});
export type PredefinedAnswerInput = z.infer<typeof PredefinedAnswerInputSchema>;

export const PredefinedAnswerPatchSchema = z.object(fields).partial();

export const PredefinedAnswerSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  answer: z.string(),
  translations: z.object({
    de: z.string().nullable(),
    zh: z.string().nullable(),
    mk: z.string().nullable(),
    sq: z.string().nullable(),
    ko: z.string().nullable(),
  }),
  priority: z.number().int(),
  isActive: z.boolean(),
  exactMatch: z.boolean(),
  caseSensitive: z.boolean(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  createdBy: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PredefinedAnswer = z.infer<typeof PredefinedAnswerSchema>;

export const PredefinedAnswerQuerySchema = PageQuerySchema.extend({
  sort: z.enum(['priority', 'keyword']).default('priority'),
  q: textSchema().trim().max(200).optional(),
  category: textSchema().trim().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type PredefinedAnswerQuery = z.infer<typeof PredefinedAnswerQuerySchema>;

export const PredefinedAnswerPageSchema = pageSchema(PredefinedAnswerSchema);

export const PredefinedAnswerParamsSchema = z.object({ id: z.coerce.number().pipe(RowIdSchema) });

/** "Try a message": what the chat would answer, with the same matcher. */
export const PredefinedTrySchema = z.object({
  message: textSchema().min(1).max(10_000),
  language: LanguageSchema,
});
export const PredefinedTryResultSchema = z.object({
  match: z.object({ id: z.number().int(), keyword: z.string(), answer: z.string() }).nullable(),
});
