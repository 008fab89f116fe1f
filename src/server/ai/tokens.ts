/** Tokens one chat message adds besides its text (role markers), as OpenAI documents it. */
const MESSAGE_OVERHEAD = 4;
/** What one image costs in a prompt, roughly (a 512×512 tile at high detail). */
export const IMAGE_TOKENS = 765;

/**
 * A fast upper-bound estimate for limits checked before the model call (token_limits
 * maxRequestSize): CJK and Hangul characters count one token each, other text four characters
 * per token. Exact tokenizing would cost milliseconds per request on long histories.
 */
export function estimateTokensFast(text: string): number {
  let wide = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code >= 0x2e80 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af)) wide++;
  }
  return wide + Math.ceil((text.length - wide) / 4);
}

/**
 * The o200k tokenizer, loaded on first use: its tables cost ≈ 60 MiB of memory and most replies
 * report their usage themselves (docs/decisions/270-compiled-server-and-lazy-modules.md).
 */
let tokenizer: Promise<typeof import('gpt-tokenizer')> | undefined;

/**
 * Tokens of a text with the o200k tokenizer, for usage the provider did not report. A special
 * token's spelling (`<|endoftext|>`, which anyone may type or a model may write) counts as text:
 * by default the tokenizer throws on it, and a reply's usage must always be recorded.
 */
export async function countTextTokens(text: string): Promise<number> {
  if (text === '') return 0;
  const { countTokens } = await (tokenizer ??= import('gpt-tokenizer'));
  return countTokens(text, { disallowedSpecial: NO_SPECIAL_TOKENS });
}

const NO_SPECIAL_TOKENS = new Set<string>();

export interface PromptText {
  system: string;
  /** The text of every message sent (history and the new one). */
  texts: string[];
  images: number;
}

export function estimatePromptFast(prompt: PromptText): number {
  let total = estimateTokensFast(prompt.system) + prompt.images * IMAGE_TOKENS;
  for (const text of prompt.texts) total += estimateTokensFast(text) + MESSAGE_OVERHEAD;
  return total;
}

export async function countPromptTokens(prompt: PromptText): Promise<number> {
  let total = (await countTextTokens(prompt.system)) + prompt.images * IMAGE_TOKENS;
  for (const text of prompt.texts) total += (await countTextTokens(text)) + MESSAGE_OVERHEAD;
  return total;
}

/**
 * Cost in US dollars for token_usage.cost (decimal 10,6, spec 02 §3, §9). Prices are per million
 * tokens, so tokens × price is the cost in millionths of a dollar: rounded there (half up), then
 * written with six decimals, without binary floating-point drift.
 */
export function costOf(
  usage: { inputTokens: number; outputTokens: number },
  prices: { inputPricePerMillion: number; outputPricePerMillion: number },
): string {
  const micros = Math.round(
    usage.inputTokens * prices.inputPricePerMillion +
      usage.outputTokens * prices.outputPricePerMillion,
  );
  const dollars = Math.floor(micros / 1_000_000);
  return `${dollars}.${String(micros % 1_000_000).padStart(6, '0')}`;
}
