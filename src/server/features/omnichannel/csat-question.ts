import type { Executor } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { TEMPLATE_LANGUAGES } from '#shared/omnichannel/template-schemas.ts';
import { WHATSAPP_WINDOW_MS } from './channels/whatsapp.ts';
import { lastInboundAt } from './inbox.queries.ts';
import type { MessageRow } from './omnichannel.queries.ts';
import { queueOutbound } from './outbox.ts';

/**
 * The post-resolution question (issue 14: CSAT 1–5) and the answer it invites. The question
 * asks for exactly the form csatScore accepts: one number from 1 to 5.
 */
type Language = (typeof TEMPLATE_LANGUAGES)[number];

const CSAT_QUESTIONS: Record<Language, string> = {
  de: 'Wie zufrieden waren Sie mit unserer Hilfe? Bitte antworten Sie mit einer Zahl von 1 (gar nicht) bis 5 (sehr zufrieden).',
  en: 'How satisfied were you with our help? Please reply with a number from 1 (not at all) to 5 (very satisfied).',
  zh: '您对我们的帮助满意吗？请回复 1（非常不满意）到 5（非常满意）之间的一个数字。',
  mk: 'Колку сте задоволни од нашата помош? Ве молиме одговорете со број од 1 (воопшто не) до 5 (многу задоволни).',
  sq: 'Sa të kënaqur jeni me ndihmën tonë? Ju lutemi përgjigjuni me një numër nga 1 (aspak) deri në 5 (shumë të kënaqur).',
  ko: '저희 도움에 얼마나 만족하셨나요? 1(전혀 만족하지 않음)부터 5(매우 만족)까지 숫자 하나로 답해 주세요.',
};

/** An answer to the question: a single score 1–5 ('4', '5/5', '3.'). */
const CSAT_ANSWER = /^\s*([1-5])\s*(?:\/\s*5)?\s*[.!]?\s*$/u;

export function csatScore(content: string): number | null {
  const match = CSAT_ANSWER.exec(content);
  return match ? Number(match[1]) : null;
}

/** The language triage detected for the message, when it is one of ours; German otherwise. */
export function threadLanguage(inbound: MessageRow): Language {
  const triage = inbound.metadata.triage as { language?: unknown } | undefined;
  const language = triage?.language;
  return TEMPLATE_LANGUAGES.find((known) => known === language) ?? 'de';
}

export function csatQuestion(language: Language): string {
  return CSAT_QUESTIONS[language];
}

/**
 * In the resolving transaction (which holds the thread's lock): queues the question on the
 * thread's channel (not on WhatsApp past its 24-hour window). It answers nobody, so the resolved messages stay resolved — the customer's
 * rating then finds a resolved previous inbound message and is recorded (triage-job.ts).
 */
export async function queueCsatQuestion(tx: Executor, jobs: Jobs, inbound: MessageRow, now: Date) {
  // WhatsApp takes free text only within 24 h of the customer's last message, and no approved
  // template asks this question: past the window it would only fail, so it is not asked.
  if (inbound.channelType === 'whatsapp') {
    const last = await lastInboundAt(tx, inbound.threadKey);
    if (!last || now.getTime() - last.getTime() >= WHATSAPP_WINDOW_MS) return null;
  }
  return queueOutbound(tx, jobs, {
    inbound,
    content: csatQuestion(threadLanguage(inbound)),
    mode: null,
    authorUserId: null,
    metadata: { csatQuestion: true },
  });
}
