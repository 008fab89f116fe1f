import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueModel } from '#server/ai/model-catalogue.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import type { Database } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { AclConditionsSchema, EscalationConditionsSchema, type AclEffect, type EscalationRuleType } from '#shared/omnichannel/rules-schemas.ts';
import { type Commitment, type TriageOutput } from '#shared/omnichannel/triage-schemas.ts';
import { escalateByRule, OMNICHANNEL_ESCALATE_JOB, runDelayedEscalation } from './escalation.ts';
import { commitmentsOverLimits, decideMode } from './mode-decision.ts';
import { findBrand } from './omnichannel.queries.ts';
import { lockThread, queueReply } from './outbox.ts';
import { figuresOverLimits } from './reply-figures.ts';
import {
  callTriageModel,
  keywordTriage,
  offlineDraft,
  triageModel,
  triageSystemPrompt,
  triageUserPrompt,
} from './triage-model.ts';
import { searchKnowledge } from './knowledge.queries.ts';
import { mergeMetadata } from './message-metadata.ts';
import { activeAclPolicies, activeEscalationRules, findMessageRow, humanReplyAfter, insertCsat, insertDraft, previousInbound, recentInboundTimes, startProcessing, updateInbound } from './triage.queries.ts';
import { evaluateAcl, escalationMatches, type TriageFacts } from './triage-rules.ts';

export const OMNICHANNEL_INBOUND_JOB = 'omnichannel.inbound';

export interface TriageDeps {
  db: Database;
  jobs: Jobs;
  providers: AiProviders;
  /** The administrator's default model (app settings), read at each run. */
  defaultModel: () => string | null;
  /** Longest wait for the model's answer (AI_TIMEOUT_MS). */
  timeoutMs: number;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Tells the open inboxes that a message changed (after its transaction committed). */
  announce: (id: number) => Promise<void>;
}

/** Knowledge entries the model reads for one message. */
const KNOWLEDGE_ENTRIES = 5;
/** The longest repeated-contact window a rule may have. */
const CONTACT_WINDOW_MS = 30 * 24 * 60 * 60_000;
/** An answer to the post-resolution question: a single score 1–5 ('4', '5/5', '3.'). */
const CSAT_ANSWER = /^\s*([1-5])\s*(?:\/\s*5)?\s*[.!]?\s*$/u;

/** The model's decimals as exact strings; a number the JSON carried is printed as written. */
const asDecimal = (value: number | string | null) => (value === null ? null : String(value).trim());

interface AiAnswer {
  triage: Pick<TriageOutput, 'intent' | 'urgency' | 'language' | 'sentiment'>;
  reply: string;
  commitments: Commitment[];
  citations: string[];
  model: string;
  failure: string | null;
  offline: boolean;
}

async function answer(
  deps: TriageDeps,
  message: { channelType: string; senderName: string | null; content: string },
  system: string,
  knowledge: Awaited<ReturnType<typeof searchKnowledge>>,
  signal: AbortSignal,
): Promise<AiAnswer> {
  const keywords = keywordTriage(message.content);
  if (deps.providers.offline) {
    return {
      triage: keywords,
      reply: offlineDraft(keywords.language, knowledge),
      commitments: [],
      citations: knowledge.slice(0, 1).map((entry) => entry.title),
      model: 'offline',
      failure: null,
      offline: true,
    };
  }
  const failed = (model: string, failure: string): AiAnswer => ({
    triage: keywords,
    reply: '',
    commitments: [],
    citations: [],
    model,
    failure,
    offline: false,
  });
  let model: CatalogueModel | null;
  try {
    model = await triageModel(deps.db, deps.providers, deps.defaultModel());
  } catch (error) {
    return failed('none', `no model: ${(error as Error).message}`);
  }
  if (!model) return failed('none', 'no AI model is available');
  try {
    const output = await callTriageModel(deps.providers, model, {
      system,
      prompt: triageUserPrompt(message),
      timeoutMs: deps.timeoutMs,
      signal,
    });
    return {
      triage: output,
      reply: output.reply,
      commitments: output.commitments.map((c) => ({
        kind: c.kind,
        amount: asDecimal(c.amount),
        currency: c.currency,
        percent: asDecimal(c.percent),
      })),
      citations: output.citations,
      model: model.id,
      failure: null,
      offline: false,
    };
  } catch (error) {
    // This instance stopping is not the model's failure: the job runs again elsewhere.
    if (signal.aborted) throw error;
    const name = (error as Error).name;
    const reason =
      name === 'TimeoutError' || name === 'AbortError'
        ? `timed out after ${deps.timeoutMs} ms`
        : `${name}: ${(error as Error).message}`.slice(0, 500);
    deps.log.warn({ model: model.id, reason }, 'omnichannel triage model failed');
    return failed(model.id, reason);
  }
}

/**
 * The `omnichannel.inbound` job (issue 14 item 4): classify and answer one inbound message,
 * decide the mode in code (mode-decision.ts), then — under the thread's lock, re-checking that
 * no person replied or took the message meanwhile — send it (autopilot), store a draft for
 * approval (copilot) or leave it to a person (manual), escalating as the rules say. Runs at
 * least once: a message already past 'processing' is left alone.
 */
export async function triageMessage(deps: TriageDeps, id: number, signal: AbortSignal) {
  const message = await startProcessing(deps.db, id);
  if (!message) return;
  const brand = await findBrand(deps.db, message.brandId);
  if (!brand) return;
  const now = deps.clock();

  const csat = CSAT_ANSWER.exec(message.content);
  if (csat && (await previousInbound(deps.db, message))?.status === 'resolved') {
    await deps.db.transaction(async (tx) => {
      await insertCsat(tx, {
        brandId: message.brandId,
        channelType: message.channelType,
        threadKey: message.threadKey,
        messageRowId: message.id,
        score: Number(csat[1]),
      });
      await updateInbound(tx, message.id, {
        status: 'resolved',
        processedAt: now,
        metadata: mergeMetadata({ csat: Number(csat[1]) }),
      });
    });
    return;
  }

  const knowledge = await searchKnowledge(
    deps.db,
    brand.id,
    message.content,
    now,
    KNOWLEDGE_ENTRIES,
  );
  const ai = await answer(deps, message, triageSystemPrompt(brand, knowledge), knowledge, signal);
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

  await deps.db.transaction(async (tx) => {
    await lockThread(tx, message.threadKey);
    const current = await findMessageRow(tx, id);
    if (!current) return;
    // Someone answered or took the message while the model was writing: the AI sends nothing.
    const human = await humanReplyAfter(tx, current);
    const suppressed =
      current.assignedTo !== null
        ? `assigned to user ${current.assignedTo}`
        : human
          ? 'a person replied'
          : current.status !== 'processing'
            ? `the message became ${current.status}`
            : null;
    const classified = {
      intent: ai.triage.intent,
      urgency: ai.triage.urgency,
      processedAt: now,
    };
    if (suppressed) {
      await updateInbound(tx, id, {
        ...classified,
        ...(current.status === 'processing' ? { status: 'pending', processMode: 'manual' } : {}),
        metadata: mergeMetadata({ triage: { ...triage, suppressed } }),
      });
      return;
    }
    const update = {
      ...classified,
      processMode: decision.mode,
      metadata: mergeMetadata({ triage }),
    };
    if (decision.mode === 'autopilot') {
      await updateInbound(tx, id, update);
      await queueReply(tx, deps.jobs, {
        inbound: current,
        content: ai.reply,
        mode: 'autopilot',
        authorUserId: null,
      });
      return;
    }
    if (decision.mode === 'copilot') {
      await insertDraft(tx, current, ai.reply, {
        reasons: decision.reasons,
        citations: ai.citations,
        commitments: ai.commitments,
      });
      await updateInbound(tx, id, { ...update, status: 'awaiting_approval' });
      return;
    }
    const escalating = matched.filter((rule) => rule.autoEscalate);
    await updateInbound(tx, id, { ...update, status: 'pending' });
    for (const rule of escalating) await escalateByRule(tx, deps, id, rule, now);
  });
}

/** The inbound triage and the delayed escalations, on the jobs layer. */
export function defineTriageJobs(deps: TriageDeps) {
  deps.jobs.define<{ id: number }>({
    name: OMNICHANNEL_INBOUND_JOB,
    maxAttempts: 8,
    run: async (payload, job) => {
      await triageMessage(deps, payload.id, job.signal);
      await deps.announce(payload.id);
    },
  });
  deps.jobs.define<{ id: number; ruleId: number }>({
    name: OMNICHANNEL_ESCALATE_JOB,
    maxAttempts: 8,
    run: async (payload) => {
      await runDelayedEscalation(deps, payload);
      await deps.announce(payload.id);
    },
  });
}
