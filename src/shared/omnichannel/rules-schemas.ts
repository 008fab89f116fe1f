import { z } from 'zod';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import { BrandParamsSchema } from './brand-schemas.ts';
import { ChannelTypeSchema } from './channel-schemas.ts';
import { SentimentSchema, UrgencySchema } from './triage-schemas.ts';

/** A brand's ACL policies and escalation rules around the AI's triage (spec 02 §3, issue 14 item 5). */

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

/** One of a brand's policies, rules or knowledge entries, by its row id. */
export const RuleParamsSchema = BrandParamsSchema.extend({
  id: z.coerce.number().pipe(RowIdSchema),
});
