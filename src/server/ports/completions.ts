import type { PersonaUser } from '#shared/personas/persona-access.ts';

/**
 * Stateless completions for the OpenAI-compatible API (issue #12 item 3). The chat feature
 * implements it with its own rules — model access by tier, personas, token limits, the message
 * allowance, token_usage — so the API and the web chat share one set of quotas; app.ts hands the
 * implementation over (features never import each other).
 */
export interface CompletionMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  model: string;
  messages: CompletionMessage[];
  /** A persona of the user (or a built-in one) whose prompt goes first. */
  personaId?: number | undefined;
}

export interface CompletionUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface Completion {
  /** The model that answers: the catalogue id, or the offline assistant's. */
  model: string;
  /**
   * Hands each text delta to onText and resolves with the usage once the reply is over and its
   * token_usage row is written, also when the signal aborted it (a closed connection). Rejects
   * with an AppError when the reply fails (its usage is recorded too). Read it once.
   */
  read(onText: (text: string) => void): Promise<CompletionUsage>;
}

export interface CompletionModel {
  id: string;
  provider: string;
}

export interface ChatCompletions {
  /** The models the user's plan allows, enabled in the catalogue. */
  listModels(user: PersonaUser): Promise<CompletionModel[]>;
  /**
   * Applies every rule that can refuse the request (403 model or persona, 429 token limits or
   * allowance, 503 provider) and sends it to the model. Throws an AppError when refused.
   */
  start(user: PersonaUser, request: CompletionRequest, signal: AbortSignal): Promise<Completion>;
}
