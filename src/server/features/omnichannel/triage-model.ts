import { loadCatalogue, type CatalogueModel } from '#server/ai/model-catalogue.ts';
import { withDeadline } from '#server/deadline.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import type { ReplyUsage } from '#server/ai/reply.ts';
import type { Database } from '#server/db/client.ts';
import { DEFAULT_MODEL_ID } from '#shared/models/model-ids.ts';
import {
  TriageOutputSchema,
  type Sentiment,
  type TriageOutput,
  type Urgency,
} from '#shared/omnichannel/triage-schemas.ts';
import type { BrandRow } from './omnichannel.queries.ts';
import type { KnowledgeRow } from './knowledge.queries.ts';

/** How much of a knowledge entry and of the customer's message the model reads. */
const ENTRY_CHARS = 2000;
const MESSAGE_CHARS = 6000;

/** The model for triage: the administrator's default model, else the first one that can answer. */
export async function triageModel(
  db: Database,
  providers: AiProviders,
  defaultModel: string | null,
): Promise<CatalogueModel | null> {
  const catalogue = await loadCatalogue(db);
  const usable = (model: CatalogueModel | undefined) =>
    model !== undefined && model.enabled && providers.status(model.provider).configured;
  for (const id of [defaultModel, DEFAULT_MODEL_ID]) {
    const model = id ? catalogue.get(id) : undefined;
    if (usable(model)) return model!;
  }
  return [...catalogue.values()].find(usable) ?? null;
}

export function triageSystemPrompt(brand: BrandRow, knowledge: readonly KnowledgeRow[]): string {
  const entries = knowledge.length
    ? knowledge
        .map((entry) => `### ${entry.title}\n${entry.content.slice(0, ENTRY_CHARS)}`)
        .join('\n\n')
    : '(none)';
  return [
    `You answer customer messages for the brand "${brand.name}".`,
    brand.voice ? `The brand's voice: ${brand.voice}` : '',
    'Classify the message: intent (one or two lowercase words, e.g. refund, order_status, complaint, question), urgency (low, medium, high, critical), language (ISO 639-1 code) and sentiment (positive, neutral, negative).',
    "Write the reply in the customer's language, using only the brand knowledge below; when it does not cover the question, say that a colleague will follow up. Do not add a signature.",
    'List in commitments every refund, credit or discount the reply promises (amount and currency, or percent; null where not given), and in citations the titles of the knowledge entries the reply relies on.',
    `Brand knowledge:\n${entries}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function triageUserPrompt(message: {
  channelType: string;
  senderName: string | null;
  content: string;
}) {
  return `Customer message (${message.channelType}${message.senderName ? `, from ${message.senderName}` : ''}):\n${message.content.slice(0, MESSAGE_CHARS)}`;
}

/**
 * The model's classification and reply, with the provider's token figures; throws on failure,
 * timeout or a malformed answer.
 */
export async function callTriageModel(
  providers: AiProviders,
  model: CatalogueModel,
  request: { system: string; prompt: string; timeoutMs: number; signal: AbortSignal },
): Promise<{ output: TriageOutput; usage: ReplyUsage }> {
  const { generateText, Output } = await import('ai');
  const deadline = withDeadline(
    request.signal,
    request.timeoutMs,
    'The model did not answer in time',
  );
  try {
    const { output, usage } = await generateText({
      model: providers.languageModel(model),
      system: request.system,
      prompt: request.prompt,
      output: Output.object({ schema: TriageOutputSchema, name: 'triage' }),
      maxRetries: 0,
      maxOutputTokens: 2000,
      abortSignal: deadline.signal,
    });
    return {
      output: TriageOutputSchema.parse(output),
      usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens },
    };
  } finally {
    deadline.clear();
  }
}

/**
 * What a failed call still spent: an answer the SDK could not use (not JSON, not the schema) was
 * written and billed, and the SDK's error carries its usage and text. Other failures carry none.
 */
export async function spentOnFailure(error: unknown): Promise<{ usage: ReplyUsage; text: string }> {
  const { NoObjectGeneratedError } = await import('ai');
  if (!NoObjectGeneratedError.isInstance(error)) return { usage: {}, text: '' };
  return {
    usage: { inputTokens: error.usage?.inputTokens, outputTokens: error.usage?.outputTokens },
    text: error.text ?? '',
  };
}

// ——— The offline assistant: keyword rules ———

const has = (text: string, pattern: RegExp) => pattern.test(text);

const INTENTS: [string, RegExp][] = [
  ['refund', /refund|money back|erstatt|geld zurück|rückerstatt|退款|환불|поврат|rimburs|kthim/iu],
  ['cancellation', /cancel|kündig|storn|取消|취소|откаж|anul/iu],
  [
    'complaint',
    /complain|beschwer|broken|kaputt|defekt|not working|funktioniert nicht|投诉|불만|жалб|ankes/iu,
  ],
  [
    'order_status',
    /order|bestell|deliver|liefer|shipping|versand|tracking|订单|주문|нарачк|porosi/iu,
  ],
  ['billing', /invoice|rechnung|payment|zahlung|charge|发票|청구|фактур|fatur/iu],
];
const CRITICAL = /emergency|notfall|lawyer|anwalt|police|polizei|紧急|응급|итен случај|urgjenc/iu;
const HIGH = /urgent|dringend|asap|sofort|immediately|急|긴급|итно|urgjent|!!/iu;
const NEGATIVE =
  /angry|wütend|terrible|furchtbar|schlecht|awful|unacceptable|inakzeptabel|broken|kaputt|差|화가|лошо|keq/iu;
const POSITIVE = /thank|danke|great|super|toll|love|谢谢|감사|благодар|faleminderit/iu;

function detectLanguage(text: string): string {
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  if (/\p{Script=Han}/u.test(text)) return 'zh';
  if (/\p{Script=Cyrillic}/u.test(text)) return 'mk';
  if (/\b(është|faleminderit|ju lutem|përshëndetje|nuk|dhe)\b/iu.test(text)) return 'sq';
  if (/\b(ich|nicht|bitte|und|der|die|das|ist|meine?|hallo|danke)\b/iu.test(text)) return 'de';
  return 'en';
}

/** Triage without a model (the offline assistant): keyword rules for each field. */
export function keywordTriage(content: string): {
  intent: string;
  urgency: Urgency;
  language: string;
  sentiment: Sentiment;
} {
  const intent = INTENTS.find(([, pattern]) => has(content, pattern))?.[0] ?? 'question';
  const urgency: Urgency = has(content, CRITICAL)
    ? 'critical'
    : has(content, HIGH)
      ? 'high'
      : intent === 'complaint' || intent === 'refund'
        ? 'medium'
        : 'low';
  const sentiment: Sentiment = has(content, NEGATIVE)
    ? 'negative'
    : has(content, POSITIVE)
      ? 'positive'
      : 'neutral';
  return { intent, urgency, language: detectLanguage(content), sentiment };
}

/** The offline draft when no knowledge entry matches: an acknowledgement a person completes. */
const OFFLINE_DRAFTS: Record<string, string> = {
  de: 'Vielen Dank für Ihre Nachricht. Wir kümmern uns darum und melden uns in Kürze bei Ihnen.',
  en: 'Thank you for your message. We are looking into it and will get back to you shortly.',
  zh: '感谢您的来信。我们正在处理，并会尽快回复您。',
  mk: 'Ви благодариме за пораката. Ја разгледуваме и наскоро ќе ви одговориме.',
  sq: 'Faleminderit për mesazhin tuaj. Po e shqyrtojmë dhe do t’ju përgjigjemi së shpejti.',
  ko: '메시지를 보내 주셔서 감사합니다. 확인 후 곧 답변드리겠습니다.',
};

export function offlineDraft(language: string, knowledge: readonly KnowledgeRow[]): string {
  return knowledge[0]?.content ?? OFFLINE_DRAFTS[language] ?? OFFLINE_DRAFTS.de!;
}
