import type {
  LanguageModelV3FilePart,
  LanguageModelV3Prompt,
  LanguageModelV3TextPart,
} from '@ai-sdk/provider';
import type { PromptText } from '#server/ai/tokens.ts';
import type { ChatAttachment } from '#server/ports/attachments.ts';
import type { Language, ResponseLength } from '#shared/settings/settings-schemas.ts';
import type { PersonaRow } from './chat.queries.ts';
import {
  IMAGE_NOT_SEEN,
  REPLY_LANGUAGE_INSTRUCTIONS,
  RESPONSE_LENGTH_INSTRUCTIONS,
} from './chat-prompts.ts';

const PERSONA_PROMPT_FIELD = {
  de: 'systemPromptDe',
  zh: 'systemPromptZh',
  mk: 'systemPromptMk',
  sq: 'systemPromptSq',
  ko: 'systemPromptKo',
} as const satisfies Record<Exclude<Language, 'en'>, keyof PersonaRow>;

/** The persona's prompt in the user's language; the base text when there is no translation. */
export function personaPrompt(persona: PersonaRow, language: Language): string {
  if (language === 'en') return persona.systemPrompt;
  return persona[PERSONA_PROMPT_FIELD[language]] ?? persona.systemPrompt;
}

export interface ContextInput {
  /** Undefined only if no persona exists at all. */
  persona: PersonaRow | undefined;
  language: Language;
  responseLength: ResponseLength;
  /** The stored history window, oldest first. */
  history: { content: string; isUserMessage: boolean }[];
  text: string;
  attachments: ChatAttachment[];
  vision: boolean;
}

export interface ChatContext {
  /** The provider-level prompt: the system message, the history window, the new message. */
  prompt: LanguageModelV3Prompt;
  /** The same prompt as plain text, for token estimates. */
  text: PromptText;
}

/**
 * What the model receives (issue #3): the system prompt (persona prompt in the user's language,
 * response-length and reply-language instructions), the tier's history window and the new
 * message with its attachments. Built only from stored data; the client's chatHistory is ignored.
 */
export function buildContext(input: ContextInput): ChatContext {
  const system = [
    input.persona ? personaPrompt(input.persona, input.language) : '',
    RESPONSE_LENGTH_INSTRUCTIONS[input.language][input.responseLength],
    REPLY_LANGUAGE_INSTRUCTIONS[input.language],
  ]
    .filter(Boolean)
    .join('\n\n');

  const prompt: LanguageModelV3Prompt = [{ role: 'system', content: system }];
  for (const message of input.history) {
    const content = [{ type: 'text' as const, text: message.content }];
    prompt.push(message.isUserMessage ? { role: 'user', content } : { role: 'assistant', content });
  }
  const texts = input.history.map((message) => message.content);
  let images = 0;

  const parts: (LanguageModelV3TextPart | LanguageModelV3FilePart)[] = [];
  if (input.text.trim() !== '') parts.push({ type: 'text', text: input.text });
  for (const file of input.attachments) {
    if (file.kind === 'image' && file.data && input.vision) {
      parts.push({ type: 'file', data: file.data, mediaType: file.mediaType, filename: file.name });
      images++;
    } else if (file.kind === 'image') {
      parts.push({ type: 'text', text: `[${file.name}: ${IMAGE_NOT_SEEN[input.language]}]` });
    } else {
      for (const chunk of file.textChunks ?? []) {
        parts.push({ type: 'text', text: `[${file.name}]\n${chunk}` });
      }
    }
  }
  prompt.push({ role: 'user', content: parts });
  for (const part of parts) if (part.type === 'text') texts.push(part.text);

  return { prompt, text: { system, texts, images } };
}
