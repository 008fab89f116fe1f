import type {
  AclConditions,
  AclEffect,
  EscalationConditions,
  EscalationRuleType,
} from '#shared/omnichannel/rules-schemas.ts';
import type { Sentiment, Urgency } from '#shared/omnichannel/triage-schemas.ts';

/** What the rules look at in one triaged inbound message. */
export interface TriageFacts {
  channelType: string;
  content: string;
  intent: string;
  urgency: Urgency;
  sentiment: Sentiment;
  /** Inbound messages from the same sender on the channel in each rule's window, this one included. */
  recentContacts: (windowHours: number) => number;
  modelFailure: string | null;
  /** A commitment or a figure of the reply is over the brand's limits. */
  limitExceeded: boolean;
}

export interface AclRule {
  name: string;
  policyType: string;
  conditions: AclConditions;
  effect: AclEffect;
  priority: number;
}

const STRICTNESS: Record<AclEffect, number> = { allow: 0, copilot: 1, deny: 2 };
const includesText = (content: string, keywords: readonly string[] | undefined) =>
  keywords?.some((keyword) => content.toLowerCase().includes(keyword.toLowerCase())) ?? false;
const listed = <T>(list: readonly T[] | undefined, value: T) =>
  list === undefined || list.length === 0 || list.includes(value);

function aclMatches(policy: AclRule, facts: TriageFacts) {
  const c = policy.conditions;
  const rest =
    listed(c.intents, facts.intent) &&
    listed(c.urgencies, facts.urgency) &&
    (c.keywords === undefined ||
      c.keywords.length === 0 ||
      includesText(facts.content, c.keywords));
  if (policy.policyType === 'channel_restriction') {
    // The AI acts only on the listed channels: the policy applies to every other one.
    return rest && !(c.channelTypes ?? []).includes(facts.channelType as never);
  }
  return rest && listed(c.channelTypes, facts.channelType as never);
}

/**
 * The policy that decides: among the active matching ones, the highest priority; at equal
 * priority the strictest (deny over copilot over allow). Null: no policy speaks.
 */
export function evaluateAcl(
  policies: readonly AclRule[],
  facts: TriageFacts,
): { effect: AclEffect; policy: string } | null {
  let decisive: AclRule | null = null;
  for (const policy of policies) {
    if (!aclMatches(policy, facts)) continue;
    if (
      !decisive ||
      policy.priority > decisive.priority ||
      (policy.priority === decisive.priority &&
        STRICTNESS[policy.effect] > STRICTNESS[decisive.effect])
    ) {
      decisive = policy;
    }
  }
  return decisive ? { effect: decisive.effect, policy: decisive.name } : null;
}

export interface EscalationTrigger {
  ruleType: EscalationRuleType;
  triggerConditions: EscalationConditions;
}

const DEFAULT_CONTACT_COUNT = 3;
const DEFAULT_WINDOW_HOURS = 24;

/** Whether a rule fires for a triaged message (sla_risk fires from the SLA sweeper instead). */
export function escalationMatches(rule: EscalationTrigger, facts: TriageFacts): boolean {
  const c = rule.triggerConditions;
  switch (rule.ruleType) {
    case 'keyword':
      return includesText(facts.content, c.keywords);
    case 'intent':
      return c.intents?.includes(facts.intent) ?? false;
    case 'urgency':
      return c.urgencies?.includes(facts.urgency) ?? false;
    case 'sentiment':
      return c.sentiments?.includes(facts.sentiment) ?? false;
    case 'repeated_contact':
      return (
        facts.recentContacts(c.windowHours ?? DEFAULT_WINDOW_HOURS) >=
        (c.contactCount ?? DEFAULT_CONTACT_COUNT)
      );
    case 'ai_failure':
      return facts.modelFailure !== null;
    case 'limit_exceeded':
      return facts.limitExceeded;
    case 'sla_risk':
      return false;
  }
}
