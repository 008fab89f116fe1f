import type { AclEffect } from '#shared/omnichannel/rules-schemas.ts';
import type { Commitment, ProcessMode, Urgency } from '#shared/omnichannel/triage-schemas.ts';
import { withinLimit } from './decimal.ts';
import { figuresOverLimits } from './reply-figures.ts';

export interface ModeInput {
  brand: { autoReplyEnabled: boolean; maxAutopilotAmount: string; maxDiscountPercent: string };
  /** The model failed or timed out: no reply of its may go anywhere. */
  modelFailure: string | null;
  /** The offline assistant wrote the reply: a human always reviews it. */
  offline: boolean;
  /** What the ACL policies say for this message (null: no policy matched). */
  acl: { effect: AclEffect; policy: string } | null;
  /** Names of the escalation rules that matched (each makes the message manual). */
  escalations: string[];
  urgency: Urgency;
  commitments: Commitment[];
  reply: string;
}

export interface ModeDecision {
  mode: ProcessMode;
  reasons: string[];
}

/** Why each commitment may not go out on autopilot. */
export function commitmentsOverLimits(
  commitments: Commitment[],
  limits: Pick<ModeInput['brand'], 'maxAutopilotAmount' | 'maxDiscountPercent'>,
): string[] {
  const reasons: string[] = [];
  for (const commitment of commitments) {
    const { kind, amount, percent, currency } = commitment;
    if (amount !== null && !withinLimit(amount, limits.maxAutopilotAmount)) {
      reasons.push(
        `${kind} ${amount}${currency ? ` ${currency}` : ''} > limit ${limits.maxAutopilotAmount}`,
      );
    }
    if (percent !== null && !withinLimit(percent, limits.maxDiscountPercent)) {
      reasons.push(`${kind} ${percent} % > limit ${limits.maxDiscountPercent} %`);
    }
  }
  return reasons;
}

/**
 * The mode of one AI answer, decided by code (issue 14 item 4): manual when the brand's
 * autopilot is off, a deny policy or an escalation rule matches, or the model failed (fail
 * closed); autopilot only when every promised amount and percent and every figure in the reply's
 * own text is within the brand's limits (exact decimals), the urgency is low or medium, and no
 * policy restricts it; copilot (a draft for approval) otherwise, with the reasons.
 */
export function decideMode(input: ModeInput): ModeDecision {
  const manual: string[] = [];
  if (!input.brand.autoReplyEnabled) manual.push('autopilot is off for this brand');
  if (input.acl?.effect === 'deny') manual.push(`policy '${input.acl.policy}' denies AI replies`);
  for (const rule of input.escalations) manual.push(`escalation rule '${rule}' matched`);
  if (input.modelFailure !== null) manual.push(`model failed: ${input.modelFailure}`);
  if (manual.length > 0) return { mode: 'manual', reasons: manual };

  const copilot: string[] = [];
  if (input.offline) copilot.push('offline assistant: every reply is reviewed');
  copilot.push(...commitmentsOverLimits(input.commitments, input.brand));
  copilot.push(...figuresOverLimits(input.reply, input.brand));
  if (input.urgency === 'high' || input.urgency === 'critical') {
    copilot.push(`urgency ${input.urgency}`);
  }
  if (input.acl?.effect === 'copilot') {
    copilot.push(`policy '${input.acl.policy}' allows drafts only`);
  }
  if (input.reply.trim() === '') copilot.push('the reply is empty');
  return copilot.length > 0
    ? { mode: 'copilot', reasons: copilot }
    : { mode: 'autopilot', reasons: [] };
}
