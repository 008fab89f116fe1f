import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';

/** The tiers with a token_limits row (spec 02 §3, §6); 'pro' is read as premium. */
export const LIMITED_TIERS = ['free', 'premium', 'expert', 'ultimate'] as const;
export const LimitedTierSchema = z.enum(LIMITED_TIERS);

export const USAGE_GROUPS = ['day', 'model', 'user', 'tier'] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];
/**
 * The key and label of the row that sums calls made for nobody's account (omnichannel triage,
 * decision 331) when usage is grouped by user or tier; no user id or tier is spelled so.
 */
export const USAGE_WITHOUT_USER = 'omnichannel';

const DateSchema = z.iso.date({ error: 'A date as YYYY-MM-DD' });

/** GET /api/admin/token-usage and its CSV: a UTC date range (both days included), one grouping. */
export const TokenUsageQuerySchema = z
  .object({
    groupBy: z.enum(USAGE_GROUPS).default('day'),
    /** Default: 29 days before `to`. */
    from: DateSchema.optional(),
    /** Default: today (UTC). */
    to: DateSchema.optional(),
    model: textSchema().max(100).optional(),
    tier: LimitedTierSchema.optional(),
    /** Opaque: where the previous page ended. */
    cursor: textSchema().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(100),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type TokenUsageQuery = z.infer<typeof TokenUsageQuerySchema>;
export type TokenUsageQueryInput = z.input<typeof TokenUsageQuerySchema>;

/** Costs are decimal strings (token_usage.cost is numeric(10,6)), never floats. */
const CostSchema = z.string().regex(/^\d+\.\d{6}$/);

const FiguresSchema = z.object({
  calls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  totalTokens: z.number().int(),
  cost: CostSchema,
});

export const TokenUsageRowSchema = FiguresSchema.extend({
  /** The day (YYYY-MM-DD), model id, user id or tier the row sums, or USAGE_WITHOUT_USER. */
  key: z.string(),
  /** What to show: the username for a user, else the key. */
  label: z.string(),
});
export type TokenUsageRow = z.infer<typeof TokenUsageRowSchema>;

export const TokenUsageReportSchema = z.object({
  groupBy: z.enum(USAGE_GROUPS),
  from: z.string(),
  to: z.string(),
  items: z.array(TokenUsageRowSchema),
  nextCursor: z.string().nullable(),
  /** Over the whole range and filters, not only this page. */
  totals: FiguresSchema,
});
export type TokenUsageReport = z.infer<typeof TokenUsageReportSchema>;

const TokenCountSchema = z.number().int().min(0).max(2_147_483_647);

export const TokenLimitSchema = z
  .object({
    tier: LimitedTierSchema,
    monthlyTokens: TokenCountSchema,
    dailyTokens: TokenCountSchema,
    maxRequestSize: TokenCountSchema.min(1, 'At least one token'),
    gpt5Access: z.boolean(),
    claude4Access: z.boolean(),
  })
  .refine((limit) => limit.dailyTokens <= limit.monthlyTokens, {
    message: 'The daily limit cannot exceed the monthly one',
    path: ['dailyTokens'],
  });
export type TokenLimit = z.infer<typeof TokenLimitSchema>;

export const TokenLimitListSchema = z.object({ limits: z.array(TokenLimitSchema) });
export type TokenLimitList = z.infer<typeof TokenLimitListSchema>;

/** PUT /api/admin/token-limits: the tiers to change, each once. */
export const TokenLimitsUpdateSchema = z.object({
  limits: z
    .array(TokenLimitSchema)
    .min(1)
    .max(LIMITED_TIERS.length)
    .refine(
      (limits) => new Set(limits.map((limit) => limit.tier)).size === limits.length,
      'Each tier only once',
    ),
});
export type TokenLimitsUpdate = z.infer<typeof TokenLimitsUpdateSchema>;
