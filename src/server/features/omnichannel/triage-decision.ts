import {
  AclConditionsSchema,
  EscalationConditionsSchema,
  type AclEffect,
  type EscalationRuleType,
} from '#shared/omnichannel/rules-schemas.ts';
import { searchKnowledge } from './knowledge.queries.ts';
import { commitmentsOverLimits, decideMode } from './mode-decision.ts';
import type { BrandRow, MessageRow } from './omnichannel.queries.ts';
import { figuresOverLimits } from './reply-figures.ts';
import { answerMessage, type TriageAnswerDeps } from './triage-answer.ts';
import { triageSystemPrompt } from './triage-model.ts';
import { activeAclPolicies, activeEscalationRules, recentInboundTimes } from './triage.queries.ts';
import { evaluateAcl, escalationMatches, type TriageFacts } from './triage-rules.ts';

/** Knowledge entries the model reads for one message. */
const KNOWLEDGE_ENTRIES = 5;
/** The longest repeated-contact window a rule may have. */
const CONTACT_WINDOW_MS = 30 * 24 * 60 * 60_000;

/**
 * Asks the model about one inbound message with the brand's knowledge, then decides in code what
 * may happen to its reply (mode-decision.ts): the brand's ACL policies and limits, the escalation
 * rules that match. Reads only; the job writes the outcome under the thread's lock.
 */
export async function decideTriage(
  deps: TriageAnswerDeps,
  brand: BrandRow,
  message: MessageRow,
  now: Date,
  signal: AbortSignal,
) {
  const knowledge = await searchKnowledge(
    deps.db,
    brand.id,
    message.content,
    now,
    KNOWLEDGE_ENTRIES,
  );
  const ai = await answerMessage(
    deps,
    message,
    triageSystemPrompt(brand, knowledge),
    knowledge,
    signal,
  );
  const [policies, rules, contactTimes] = await Promise.all([
    activeAclPolicies(deps.db, brand.id),
    activeEscalationRules(deps.db, brand.id),
    recentInboundTimes(deps.db, message.threadKey, new Date(now.getTime() - CONTACT_WINDOW_MS)),
  ]);
  const limits = {
    maxAutopilotAmount: brand.maxAutopilotAmount,
    maxDiscountPercent: brand.maxDiscountPercent,
  };
  const facts: TriageFacts = {
    channelType: message.channelType,
    content: message.content,
    intent: ai.triage.intent,
    urgency: ai.triage.urgency,
    sentiment: ai.triage.sentiment,
    recentContacts: (hours) =>
      contactTimes.filter((time) => time >= now.getTime() - hours * 3_600_000).length,
    modelFailure: ai.failure,
    limitExceeded:
      commitmentsOverLimits(ai.commitments, limits).length > 0 ||
      figuresOverLimits(ai.reply, limits).length > 0,
  };
  const acl = evaluateAcl(
    policies.map((policy) => ({
      name: policy.name,
      policyType: policy.policyType,
      conditions: AclConditionsSchema.parse(policy.conditions),
      effect: (policy.actions as { effect: AclEffect }).effect,
      priority: policy.priority,
    })),
    facts,
  );
  const matched = rules.filter((rule) =>
    escalationMatches(
      {
        ruleType: rule.ruleType as EscalationRuleType,
        triggerConditions: EscalationConditionsSchema.parse(rule.triggerConditions),
      },
      facts,
    ),
  );
  const decision = decideMode({
    brand: { autoReplyEnabled: brand.autoReplyEnabled, ...limits },
    modelFailure: ai.failure,
    offline: ai.offline,
    acl,
    escalations: matched.map((rule) => rule.name),
    urgency: ai.triage.urgency,
    commitments: ai.commitments,
    reply: ai.reply,
  });
  const triage = {
    ...ai.triage,
    mode: decision.mode,
    reasons: decision.reasons,
    commitments: ai.commitments,
    citations: ai.citations,
    model: ai.model,
    modelFailure: ai.failure,
    at: now.toISOString(),
  };
  return { ai, matched, decision, triage };
}
