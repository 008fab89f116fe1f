import type { AnalyticsDay } from '#shared/omnichannel/analytics-schemas.ts';
import type { KnowledgeEntry, KnowledgePatch } from '#shared/omnichannel/knowledge-schemas.ts';
import {
  AclConditionsSchema,
  EscalationConditionsSchema,
  type AclPolicy,
  type AclPolicyPatch,
  type EscalationRule,
} from '#shared/omnichannel/rules-schemas.ts';
import type { aclPolicies, brandKnowledge } from '#server/db/schema/omnichannel-triage.ts';
import type { AnalyticsRow } from './analytics.queries.ts';
import type { KnowledgeRow } from './knowledge.queries.ts';
import type { AclPolicyRow, EscalationRuleRow } from './triage.queries.ts';

export function toAclPolicy(row: AclPolicyRow): AclPolicy {
  return {
    id: row.id,
    brandId: row.brandId,
    name: row.name,
    policyType: row.policyType as AclPolicy['policyType'],
    conditions: AclConditionsSchema.parse(row.conditions),
    effect: (row.actions as { effect: AclPolicy['effect'] }).effect,
    priority: row.priority,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The API's `effect` is stored as the policy's action. */
export function toAclValues(input: AclPolicyPatch): Partial<typeof aclPolicies.$inferInsert> {
  const { effect, ...rest } = input;
  return { ...rest, ...(effect ? { actions: { effect } } : {}) };
}

export function toEscalationRule(row: EscalationRuleRow): EscalationRule {
  return {
    id: row.id,
    brandId: row.brandId,
    name: row.name,
    ruleType: row.ruleType as EscalationRule['ruleType'],
    triggerConditions: EscalationConditionsSchema.parse(row.triggerConditions),
    escalateTo: row.escalateTo,
    escalationType: row.escalationType as EscalationRule['escalationType'],
    priority: row.priority,
    autoEscalate: row.autoEscalate,
    escalationDelay: row.escalationDelay,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toKnowledgeEntry(row: KnowledgeRow): KnowledgeEntry {
  return {
    id: row.id,
    brandId: row.brandId,
    title: row.title,
    content: row.content,
    category: row.category,
    contentType: row.contentType,
    tags: row.tags,
    priority: row.priority,
    isActive: row.isActive,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toKnowledgeValues(
  input: KnowledgePatch,
): Partial<typeof brandKnowledge.$inferInsert> {
  const { validFrom, validUntil, ...rest } = input;
  return {
    ...rest,
    ...(validFrom !== undefined
      ? { validFrom: validFrom === null ? null : new Date(validFrom) }
      : {}),
    ...(validUntil !== undefined
      ? { validUntil: validUntil === null ? null : new Date(validUntil) }
      : {}),
  };
}

export function toAnalyticsDay(row: AnalyticsRow): AnalyticsDay {
  return {
    date: row.date,
    channelType: row.channelType,
    totalMessages: row.totalMessages,
    inboundMessages: row.inboundMessages,
    outboundMessages: row.outboundMessages,
    autopilotMessages: row.autopilotMessages,
    copilotMessages: row.copilotMessages,
    manualMessages: row.manualMessages,
    avgResponseTime: row.avgResponseTime,
    firstResponseTime: row.firstResponseTime,
    resolutionRate: row.resolutionRate,
    escalationRate: row.escalationRate,
    csatScore: row.csatScore,
    csatResponses: row.csatResponses,
  };
}
