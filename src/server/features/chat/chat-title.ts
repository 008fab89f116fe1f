import type { CatalogueModel } from '#server/ai/model-catalogue.ts';
import { generateShortAnswer, type ModelCall } from '#server/ai/model-stream.ts';
import { costOf, countTextTokens } from '#server/ai/tokens.ts';
import type { Executor } from '#server/db/client.ts';
import type { AppError } from '#shared/errors/app-error.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import { withoutNul } from '#shared/validation/database-input.ts';
import { TITLE_INSTRUCTIONS } from './chat-prompts.ts';
import { insertUsage, replaceTitle } from './turn.queries.ts';

const TITLE_WORDS = 6;
const TITLE_MAX_CHARS = 60;
/** How much of the first exchange the title call reads. */
const EXCERPT_CHARS = 1000;

/**
 * The title a new conversation gets at once: the first words of the first message (or the
 * first file's name), so the list never shows an untitled chat while the model writes one.
 */
export function provisionalTitle(text: string, fileNames: readonly string[] = []): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  let title = words.slice(0, TITLE_WORDS).join(' ');
  if (title === '') title = fileNames[0] ?? '';
  if (title.length > TITLE_MAX_CHARS) title = `${title.slice(0, TITLE_MAX_CHARS - 1).trimEnd()}…`;
  else if (words.length > TITLE_WORDS) title = `${title}…`;
  return title;
}

/**
 * The model's answer as a title: first line, without Markdown (a heading's #, emphasis, code
 * marks: the list shows plain text), quotes, a trailing full stop or NUL characters (PostgreSQL
 * text cannot hold them, decision 314).
 */
export function cleanTitle(raw: string): string | undefined {
  const line = withoutNul(raw).trim().split('\n')[0] ?? '';
  const title = line
    .replace(/^\s*(#{1,6}|>)\s+/u, '')
    .replace(/(\*\*|__|`)/gu, '')
    .replace(/^(title|titel)\s*:\s*/i, '')
    .replace(/^["'„“”«»「『*\s]+|["'“”«»」』*\s]+$/gu, '')
    .replace(/[.。]$/u, '')
    .trim();
  if (title === '') return undefined;
  return title.length > TITLE_MAX_CHARS
    ? `${title.slice(0, TITLE_MAX_CHARS - 1).trimEnd()}…`
    : title;
}

export interface TitleRequest {
  db: Executor;
  call: ModelCall;
  model: CatalogueModel;
  userId: number;
  conversationId: string;
  language: Language;
  provisional: string | null;
  question: string;
  answer: string;
}

/**
 * A cheap model call for a new conversation's title in the user's language (issue #3). It runs
 * after the first reply is stored; on failure the provisional title stays. Its usage is
 * recorded like every model call.
 */
export async function writeTitle(request: TitleRequest): Promise<void> {
  const system = TITLE_INSTRUCTIONS[request.language];
  const prompt = `User: ${request.question.slice(0, EXCERPT_CHARS)}\n\nAssistant: ${request.answer.slice(0, EXCERPT_CHARS)}`;
  const started = performance.now();
  let status = 'success';
  let errorMessage: string | null = null;
  let text = '';
  let usage: { inputTokens?: number; outputTokens?: number } = {};
  try {
    ({ text, usage } = await generateShortAnswer(request.call, {
      system,
      prompt,
      maxOutputTokens: 24,
    }));
  } catch (error) {
    status = (error as AppError).code === 'TIMEOUT_ERROR' ? 'timeout' : 'error';
    errorMessage = (error as Error).message;
  }
  const inputTokens =
    usage.inputTokens ?? (await countTextTokens(system)) + (await countTextTokens(prompt));
  const outputTokens = usage.outputTokens ?? (await countTextTokens(text));
  await insertUsage(request.db, {
    userId: request.userId,
    model: request.model.id,
    conversationId: request.conversationId,
    inputTokens,
    outputTokens,
    totalTokens: inputTokens + outputTokens,
    cost: costOf({ inputTokens, outputTokens }, request.model),
    responseTime: Math.round(performance.now() - started),
    status,
    errorMessage,
  });
  const title = status === 'success' ? cleanTitle(text) : undefined;
  if (title) {
    await replaceTitle(request.db, {
      conversationId: request.conversationId,
      provisional: request.provisional,
      title,
    });
  }
}
