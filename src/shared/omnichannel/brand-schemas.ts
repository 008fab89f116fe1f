import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';

/** Brands of the omnichannel inbox: their voice, signatures and the AI's limits (spec 02 §3, §9). */

const optionalText = (max: number) => textSchema().trim().max(max).nullable();
/** A non-negative decimal with at most two places, as a string (money stays exact). */
const decimal = (maxIntegerDigits: number) =>
  textSchema()
    .trim()
    .regex(new RegExp(`^\\d{1,${maxIntegerDigits}}(\\.\\d{1,2})?$`), 'Not a decimal number');

const brandFields = {
  name: textSchema().trim().min(1, 'Name is required').max(200),
  description: optionalText(2000),
  logo: optionalText(2000),
  primaryColor: textSchema()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Not a colour like #1a2b3c')
    .nullable(),
  voice: optionalText(4000),
  signatureEmail: optionalText(2000),
  signatureChat: optionalText(500),
  legalDisclaimer: optionalText(4000),
  autoReplyEnabled: z.boolean(),
  maxAutopilotAmount: decimal(10),
  maxDiscountPercent: decimal(3).refine((value) => Number(value) <= 100, 'At most 100'),
  slaResponseMinutes: z.number().int().min(1).max(43_200),
  isActive: z.boolean(),
};

/** A new brand; omitted limits take the spec's defaults (02 §9). */
export const BrandInputSchema = z.object({
  ...brandFields,
  description: brandFields.description.default(null),
  logo: brandFields.logo.default(null),
  primaryColor: brandFields.primaryColor.default(null),
  voice: brandFields.voice.default(null),
  signatureEmail: brandFields.signatureEmail.default(null),
  signatureChat: brandFields.signatureChat.default(null),
  legalDisclaimer: brandFields.legalDisclaimer.default(null),
  autoReplyEnabled: brandFields.autoReplyEnabled.default(true),
  maxAutopilotAmount: brandFields.maxAutopilotAmount.default('1000.00'),
  maxDiscountPercent: brandFields.maxDiscountPercent.default('5.00'),
  slaResponseMinutes: brandFields.slaResponseMinutes.default(120),
  isActive: brandFields.isActive.default(true),
});
export type BrandInput = z.infer<typeof BrandInputSchema>;
export const BrandPatchSchema = z.object(brandFields).partial();
export type BrandPatch = z.infer<typeof BrandPatchSchema>;

export const BrandSchema = z.object({
  brandId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  primaryColor: z.string().nullable(),
  voice: z.string().nullable(),
  signatureEmail: z.string().nullable(),
  signatureChat: z.string().nullable(),
  legalDisclaimer: z.string().nullable(),
  autoReplyEnabled: z.boolean(),
  maxAutopilotAmount: z.string(),
  maxDiscountPercent: z.string(),
  slaResponseMinutes: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Brand = z.infer<typeof BrandSchema>;
export const BrandListSchema = z.object({ items: z.array(BrandSchema) });

export const BrandParamsSchema = z.object({ brandId: z.uuid('Not a brand id') });
