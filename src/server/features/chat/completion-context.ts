import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { CompletionMessage } from '#server/ports/completions.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import type { ChatContext } from './chat-context.ts';
import { personaPrompt } from './chat-context.ts';
import type { PersonaRow } from './chat.queries.ts';

/**
 * What the model receives for an API completion: the client's messages as sent, no stored
 * history and no response-length or language instructions (an API client sets its own). A
 * persona's prompt, in the owner's language, goes first. Every system message becomes one
 * leading system message, since Anthropic takes the system prompt apart from the turns.
 */
export function completionContext(input: {
  persona: PersonaRow | undefined;
  language: Language;
  messages: CompletionMessage[];
}): ChatContext {
  const systemParts = input.persona ? [personaPrompt(input.persona, input.language)] : [];
  const turns: LanguageModelV3Prompt = [];
  const texts: string[] = [];
  for (const message of input.messages) {
    if (message.role === 'system') {
      systemParts.push(message.content);
      continue;
    }
    turns.push({ role: message.role, content: [{ type: 'text', text: message.content }] });
    texts.push(message.content);
  }
  const system = systemParts.filter(Boolean).join('\n\n');
  const prompt: LanguageModelV3Prompt = system
    ? [{ role: 'system', content: system }, ...turns]
    : turns;
  return { prompt, text: { system, texts, images: 0 } };
}
