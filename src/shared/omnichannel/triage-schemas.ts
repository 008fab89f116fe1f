import { z } from 'zod';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import { BrandParamsSchema, ChannelTypeSchema } from './omnichannel-schemas.ts';

/**
 * AI triage of inbound messages and the rules around it: ACL policies, escalation rules,
 * knowledge entries and daily analytics (spec 02 §3, issue 14 items 4 and 5).
 */

export const URGENCIES = ['low', 'medium', 'high', 'critical'] as const;
export const UrgencySchema = z.enum(URGENCIES);
export type Urgency = z.infer<typeof UrgencySchema>;
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const SentimentSchema = z.enum(SENTIMENTS);
export type Sentiment = z.infer<typeof SentimentSchema>;
export const PROCESS_MODES = ['manual', 'copilot', 'autopilot'] as const;
export type ProcessMode = (typeof PROCESS_MODES)[number];

/** A decimal as the model writes it: a JSON number or a string of digits (compared exactly). */
const ModelDecimalSchema = z
  .union([z.number().nonnegative(), z.string().trim().max(40)])
  .transform(String)
  .nullable();

/** Every promise of money a reply makes; the code, not the model, decides whether it may go. */
export const CommitmentSchema = z.object({
  kind: z.enum(['refund', 'credit', 'discount']),
  amount: ModelDecimalSchema,
  currency: z.string().max(10).nullable(),
  percent: ModelDecimalSchema,
});
export type Commitment = z.infer<typeof CommitmentSchema>;

/** What the model returns for one inbound message (AI SDK structured output). */
export const TriageOutputSchema = z.object({
  intent: z.string().min(1).max(60),
  urgency: UrgencySchema,
  language: z.string().min(2).max(10),
  sentiment: SentimentSchema,
  reply: z.string().max(8000),
  commitments: z.array(CommitmentSchema).max(20),
  /** Titles (or ids) of the knowledge entries the reply relies on. */
  citations: z.array(z.string().max(300)).max(20),
});
export type TriageOutput = z.infer<typeof TriageOutputSchema>;

const keywordList = z.array(textSchema().trim().min(1).max(100)).max(50);
const intentList = z.array(textSchema().trim().min(1).max(60)).max(50);

// ——— ACL policies ———

export const ACL_POLICY_TYPES = ['autopilot', 'channel_restriction'] as const;
/** allow: autopilot permitted; copilot: the AI may only draft; deny: no AI reply at all. */
export const ACL_EFFECTS = ['allow', 'copilot', 'deny'] as const;
export type AclEffect = (typeof ACL_EFFECTS)[number];

/** Empty or absent lists match everything; every given list must contain the message's value. */
export const AclConditionsSchema = z.object({
  channelTypes: z.array(ChannelTypeSchema).max(6).optional(),
  intents: intentList.optional(),
  urgencies: z.array(UrgencySchema).max(4).optional(),
  keywords: keywordList.optional(),
});
export type AclConditions = z.infer<typeof AclConditionsSchema>;

const aclFields = {
  name: textSchema().trim().min(1, 'Name is required').max(200),
  /**
   * autopilot: `effect` applies to messages matching `conditions`. channel_restriction: the AI
   * acts only on `conditions.channelTypes`; messages of any other channel get `effect`.
   */
  policyType: z.enum(ACL_POLICY_TYPES),
  conditions: AclConditionsSchema,
  effect: z.enum(ACL_EFFECTS),
  priority: z.number().int().min(-1000).max(1000),
  isActive: z.boolean(),
};

const restrictionNeedsChannels = (value: {
  policyType?: string;
  conditions?: AclConditions;
  effect?: AclEffect;
}) =>
  value.policyType !== 'channel_restriction' ||
  ((value.conditions?.channelTypes?.length ?? 0) > 0 && value.effect !== 'allow');

export const AclPolicyInputSchema = z
  .object({
    ...aclFields,
    conditions: aclFields.conditions.default({}),
    priority: aclFields.priority.default(0),
    isActive: aclFields.isActive.default(true),
  })
  .refine(restrictionNeedsChannels, {
    message: 'A channel restriction names its channels and restricts (copilot or deny)',
    path: ['conditions', 'channelTypes'],
  });
export type AclPolicyInput = z.infer<typeof AclPolicyInputSchema>;
export const AclPolicyPatchSchema = z.object(aclFields).partial();
export type AclPolicyPatch = z.infer<typeof AclPolicyPatchSchema>;

export const AclPolicySchema = z.object({
  id: z.number().int(),
  brandId: z.string(),
  name: z.string(),
  policyType: z.enum(ACL_POLICY_TYPES),
  conditions: AclConditionsSchema,
  effect: z.enum(ACL_EFFECTS),
  priority: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AclPolicy = z.infer<typeof AclPolicySchema>;
export const AclPolicyListSchema = z.object({ items: z.array(AclPolicySchema) });

// ——— Escalation rules ———

export const ESCALATION_RULE_TYPES = [
  'keyword',
  'intent',
  'urgency',
  'sentiment',
  'limit_exceeded',
  'repeated_contact',
  'ai_failure',
  'sla_risk',
] as const;
export type EscalationRuleType = (typeof ESCALATION_RULE_TYPES)[number];
export const ESCALATION_TYPES = ['reassign', 'notify', 'reassign_notify'] as const;

export const EscalationConditionsSchema = z.object({
  keywords: keywordList.optional(),
  intents: intentList.optional(),
  urgencies: z.array(UrgencySchema).max(4).optional(),
  sentiments: z.array(SentimentSchema).max(3).optional(),
  /** repeated_contact: this many inbound messages from the sender within `windowHours`. */
  contactCount: z.number().int().min(2).max(1000).optional(),
  windowHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .optional(),
});
export type EscalationConditions = z.infer<typeof EscalationConditionsSchema>;

const escalationFields = {
  name: textSchema().trim().min(1, 'Name is required').max(200),
  ruleType: z.enum(ESCALATION_RULE_TYPES),
  triggerConditions: EscalationConditionsSchema,
  /** The administrator a matching message is reassigned to and/or who is notified. */
  escalateTo: RowIdSchema.nullable(),
  escalationType: z.enum(ESCALATION_TYPES),
  priority: z.number().int().min(-1000).max(1000),
  /** Off: a match only hands the message to a human; on: it is escalated (now or after the delay). */
  autoEscalate: z.boolean(),
  /** Minutes; a human reply before then cancels the escalation. */
  escalationDelay: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60),
  isActive: z.boolean(),
};

export const EscalationRuleInputSchema = z.object({
  ...escalationFields,
  triggerConditions: escalationFields.triggerConditions.default({}),
  escalateTo: escalationFields.escalateTo.default(null),
  escalationType: escalationFields.escalationType.default('notify'),
  priority: escalationFields.priority.default(0),
  autoEscalate: escalationFields.autoEscalate.default(false),
  escalationDelay: escalationFields.escalationDelay.default(0),
  isActive: escalationFields.isActive.default(true),
});
export type EscalationRuleInput = z.infer<typeof EscalationRuleInputSchema>;
export const EscalationRulePatchSchema = z.object(escalationFields).partial();
export type EscalationRulePatch = z.infer<typeof EscalationRulePatchSchema>;

export const EscalationRuleSchema = z.object({
  id: z.number().int(),
  brandId: z.string(),
  name: z.string(),
  ruleType: z.enum(ESCALATION_RULE_TYPES),
  triggerConditions: EscalationConditionsSchema,
  escalateTo: z.number().int().nullable(),
  escalationType: z.enum(ESCALATION_TYPES),
  priority: z.number().int(),
  autoEscalate: z.boolean(),
  escalationDelay: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EscalationRule = z.infer<typeof EscalationRuleSchema>;
export const EscalationRuleListSchema = z.object({ items: z.array(EscalationRuleSchema) });

// ——— Knowledge ———

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

// ——— Params ———

export const RuleParamsSchema = BrandParamsSchema.extend({
  id: z.coerce.number().pipe(RowIdSchema),
});

// ——— Analytics ———

const day = z.iso.date();
export const AnalyticsQuerySchema = z
  .object({ brandId: z.uuid('Not a brand id'), from: day, to: day })
  .refine((value) => value.from <= value.to, { message: 'from is after to', path: ['to'] })
  .refine((value) => Date.parse(value.to) - Date.parse(value.from) <= 366 * 86_400_000, {
    message: 'At most a year at once',
    path: ['from'],
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

export const AnalyticsDaySchema = z.object({
  date: z.string(),
  channelType: z.string(),
  totalMessages: z.number().int(),
  inboundMessages: z.number().int(),
  outboundMessages: z.number().int(),
  autopilotMessages: z.number().int(),
  copilotMessages: z.number().int(),
  manualMessages: z.number().int(),
  /** Seconds. */
  avgResponseTime: z.number().int().nullable(),
  firstResponseTime: z.number().int().nullable(),
  /** Percent with two places, as a string. */
  resolutionRate: z.string().nullable(),
  escalationRate: z.string().nullable(),
  /** 1.00–5.00. */
  csatScore: z.string().nullable(),
  csatResponses: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;
export const AnalyticsListSchema = z.object({ items: z.array(AnalyticsDaySchema) });
