import { describe, expect, it } from 'vitest';
import { compareDecimal, withinLimit } from '#server/features/omnichannel/decimal.ts';
import { decideMode, type ModeInput } from '#server/features/omnichannel/mode-decision.ts';
import {
  figuresOverLimits,
  moneyFigures,
  percentFigures,
  readNumber,
} from '#server/features/omnichannel/reply-figures.ts';
import {
  evaluateAcl,
  escalationMatches,
  type TriageFacts,
} from '#server/features/omnichannel/triage-rules.ts';

/** The mode of an AI answer is decided by code at the brand's limits (issue 14 item 4). */
const BRAND = { autoReplyEnabled: true, maxAutopilotAmount: '1000.00', maxDiscountPercent: '5.00' };
const base: ModeInput = {
  brand: BRAND,
  modelFailure: null,
  offline: false,
  acl: null,
  escalations: [],
  urgency: 'low',
  commitments: [],
  reply: 'Your parcel left our warehouse today.',
};
const refund = (amount: string) => ({
  kind: 'refund' as const,
  amount,
  currency: 'EUR',
  percent: null,
});
const discount = (percent: string) => ({
  kind: 'discount' as const,
  amount: null,
  currency: null,
  percent,
});

describe('exact decimals', () => {
  it('compares without floats', () => {
    expect(compareDecimal('1000', '1000.00')).toBe(0);
    expect(compareDecimal('1000.01', '1000.00')).toBe(1);
    expect(compareDecimal('999.999', '1000')).toBe(-1);
    expect(compareDecimal('0.30', '0.3')).toBe(0);
    expect(withinLimit('5', '5.00')).toBe(true);
    expect(withinLimit('5.01', '5.00')).toBe(false);
    // Not a plain decimal: over every limit (fail closed).
    expect(withinLimit('1e3', '5000')).toBe(false);
    expect(withinLimit('-5', '5')).toBe(false);
  });
});

describe('decideMode', () => {
  it('sends on autopilot a refund of exactly the limit, drafts one a cent over', () => {
    expect(decideMode({ ...base, commitments: [refund('1000')] })).toEqual({
      mode: 'autopilot',
      reasons: [],
    });
    expect(decideMode({ ...base, commitments: [refund('1000.01')] })).toEqual({
      mode: 'copilot',
      reasons: ['refund 1000.01 EUR > limit 1000.00'],
    });
  });

  it('sends a 5 % discount, drafts 5.01 % with the reason', () => {
    expect(decideMode({ ...base, commitments: [discount('5')] }).mode).toBe('autopilot');
    expect(decideMode({ ...base, commitments: [discount('5.01')] })).toEqual({
      mode: 'copilot',
      reasons: ['discount 5.01 % > limit 5.00 %'],
    });
    expect(decideMode({ ...base, commitments: [discount('10')] }).reasons).toEqual([
      'discount 10 % > limit 5.00 %',
    ]);
  });

  it('drafts a reply whose own text names a figure over the limits the model did not declare', () => {
    for (const reply of [
      'We will refund €1,200 today.',
      'Wir erstatten 1.200,00 € noch heute.',
      'You get 10% off your next order.',
      'Sie erhalten 10 Prozent Rabatt.',
      'A credit of USD 1500 is on its way.',
      'We refund 1000.01 EUR.',
      'Take 5.01 % off.',
    ]) {
      expect(decideMode({ ...base, reply }).mode, reply).toBe('copilot');
    }
    for (const reply of [
      'We refund €1,000.00 today.',
      'Take 5 % off.',
      'Order 12345 ships in 3 days.',
    ]) {
      expect(decideMode({ ...base, reply }).mode, reply).toBe('autopilot');
    }
  });

  it('drafts high and critical urgency, and what a policy allows as drafts only', () => {
    expect(decideMode({ ...base, urgency: 'medium' }).mode).toBe('autopilot');
    expect(decideMode({ ...base, urgency: 'high' })).toEqual({
      mode: 'copilot',
      reasons: ['urgency high'],
    });
    expect(decideMode({ ...base, urgency: 'critical' }).mode).toBe('copilot');
    expect(decideMode({ ...base, acl: { effect: 'copilot', policy: 'Drafts' } }).mode).toBe(
      'copilot',
    );
    expect(decideMode({ ...base, acl: { effect: 'allow', policy: 'Open' } }).mode).toBe(
      'autopilot',
    );
    expect(decideMode({ ...base, offline: true }).mode).toBe('copilot');
  });

  it('leaves to a person: autopilot off, a deny policy, an escalation rule, a failed model', () => {
    expect(decideMode({ ...base, brand: { ...BRAND, autoReplyEnabled: false } })).toEqual({
      mode: 'manual',
      reasons: ['autopilot is off for this brand'],
    });
    expect(decideMode({ ...base, acl: { effect: 'deny', policy: 'No AI' } }).mode).toBe('manual');
    expect(decideMode({ ...base, escalations: ['Lawyers'] }).reasons).toEqual([
      "escalation rule 'Lawyers' matched",
    ]);
    expect(decideMode({ ...base, modelFailure: 'timed out after 100 ms' }).mode).toBe('manual');
  });
});

describe('figures in a reply', () => {
  it('reads every common notation, the larger reading where it is ambiguous', () => {
    expect(readNumber('1,200')).toBe('1200');
    expect(readNumber('1.200,00')).toBe('1200.00');
    expect(readNumber('1,200.50')).toBe('1200.50');
    expect(readNumber('1 200')).toBe('1200');
    expect(readNumber('5,01')).toBe('5.01');
    expect(readNumber('1.200')).toBe('1200');
    expect(moneyFigures('€1,200 or 1.200,00 € or USD 1500 or 20 Euro').map((f) => f.value)).toEqual(
      ['1200', '1500', '1200.00', '20'],
    );
    expect(percentFigures('10%, 10 Prozent, 7 percent, 5,5 %').map((f) => f.value)).toEqual([
      '10',
      '10',
      '7',
      '5.5',
    ]);
    expect(figuresOverLimits('€1,200', BRAND)).toEqual(['reply mentions €1,200 > limit 1000.00']);
  });
});

describe('policies and rules', () => {
  const facts: TriageFacts = {
    channelType: 'sms',
    content: 'I will call my lawyer',
    intent: 'complaint',
    urgency: 'medium',
    sentiment: 'negative',
    recentContacts: () => 3,
    modelFailure: null,
    limitExceeded: false,
  };
  const policy = (
    name: string,
    effect: 'allow' | 'copilot' | 'deny',
    priority: number,
    extra = {},
  ) => ({
    name,
    policyType: 'autopilot',
    conditions: {},
    effect,
    priority,
    ...extra,
  });

  it('the highest priority decides; at equal priority deny wins', () => {
    expect(evaluateAcl([policy('A', 'allow', 1), policy('D', 'deny', 1)], facts)).toEqual({
      effect: 'deny',
      policy: 'D',
    });
    expect(evaluateAcl([policy('A', 'allow', 2), policy('D', 'deny', 1)], facts)?.effect).toBe(
      'allow',
    );
    expect(
      evaluateAcl([policy('C', 'deny', 5, { conditions: { channelTypes: ['email'] } })], facts),
    ).toBeNull();
  });

  it('a channel restriction applies to every channel it does not list', () => {
    const restriction = {
      ...policy('Only chat', 'deny', 0),
      policyType: 'channel_restriction',
      conditions: { channelTypes: ['widget' as const] },
    };
    expect(evaluateAcl([restriction], facts)?.effect).toBe('deny');
    expect(evaluateAcl([restriction], { ...facts, channelType: 'widget' })).toBeNull();
  });

  it('escalation rules match on their trigger', () => {
    expect(
      escalationMatches(
        { ruleType: 'keyword', triggerConditions: { keywords: ['LAWYER'] } },
        facts,
      ),
    ).toBe(true);
    expect(
      escalationMatches(
        { ruleType: 'sentiment', triggerConditions: { sentiments: ['negative'] } },
        facts,
      ),
    ).toBe(true);
    expect(
      escalationMatches(
        { ruleType: 'repeated_contact', triggerConditions: { contactCount: 4 } },
        facts,
      ),
    ).toBe(false);
    expect(
      escalationMatches(
        { ruleType: 'repeated_contact', triggerConditions: { contactCount: 3 } },
        facts,
      ),
    ).toBe(true);
    expect(escalationMatches({ ruleType: 'ai_failure', triggerConditions: {} }, facts)).toBe(false);
    expect(
      escalationMatches(
        { ruleType: 'ai_failure', triggerConditions: {} },
        { ...facts, modelFailure: 'x' },
      ),
    ).toBe(true);
  });
});
