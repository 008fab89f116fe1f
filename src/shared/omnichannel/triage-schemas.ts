import { z } from 'zod';

/** AI triage of inbound messages: what the model returns for one (spec 02 §3, issue 14 item 4). */

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
