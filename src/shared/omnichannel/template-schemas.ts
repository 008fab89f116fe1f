import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';
import { BrandParamsSchema } from './brand-schemas.ts';
import { ChannelTypeSchema } from './channel-schemas.ts';

/** Response templates: per language and channel, with {{variables}} and quick replies. */
export const TEMPLATE_LANGUAGES = ['de', 'en', 'zh', 'mk', 'sq', 'ko'] as const;
const templateFields = {
  name: textSchema().trim().min(1, 'Name is required').max(200),
  category: textSchema().trim().max(100).nullable(),
  /** null: every channel. */
  channelType: ChannelTypeSchema.nullable(),
  language: z.enum(TEMPLATE_LANGUAGES),
  subject: textSchema().trim().max(500).nullable(),
  content: textSchema().trim().min(1, 'Content is required').max(10_000),
  quickReplies: z.array(textSchema().trim().min(1).max(200)).max(20),
  isActive: z.boolean(),
};
export const TemplateInputSchema = z.object({
  ...templateFields,
  category: templateFields.category.default(null),
  channelType: templateFields.channelType.default(null),
  language: templateFields.language.default('de'),
  subject: templateFields.subject.default(null),
  quickReplies: templateFields.quickReplies.default([]),
  isActive: templateFields.isActive.default(true),
});
export type TemplateInput = z.input<typeof TemplateInputSchema>;
export const TemplatePatchSchema = z.object(templateFields).partial();
export const TemplateSchema = z.object({
  templateId: z.string(),
  brandId: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  channelType: ChannelTypeSchema.nullable(),
  language: z.string(),
  subject: z.string().nullable(),
  content: z.string(),
  /** The {{names}} its content uses. */
  variables: z.array(z.string()),
  quickReplies: z.array(z.string()),
  usageCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ResponseTemplate = z.infer<typeof TemplateSchema>;
export const TemplateListSchema = z.object({ items: z.array(TemplateSchema) });
export const TemplateParamsSchema = BrandParamsSchema.extend({
  templateId: z.uuid('Not a template id'),
});

/** The variables a template's content names: {{customer_name}} → customer_name. */
export function templateVariables(content: string): string[] {
  return [
    ...new Set([...content.matchAll(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi)].map((m) => m[1]!)),
  ];
}

/** Fills a template's {{variables}}; an unknown one stays as written, for the admin to see. */
export function fillTemplate(content: string, values: Record<string, string | null | undefined>) {
  return content.replace(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi, (whole, name: string) => {
    const value = values[name];
    return value ? value : whole;
  });
}
