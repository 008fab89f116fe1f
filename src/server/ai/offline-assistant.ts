import { setTimeout as sleep } from 'node:timers/promises';
import type { Language } from '#shared/settings/settings-schemas.ts';
import { replyFromGenerator, type ReplyStream, type ReplyUsage } from './reply.ts';
import { countTextTokens } from './tokens.ts';

/**
 * The built-in offline assistant: with no provider configured, every chat gets this short reply
 * in the user's language, saying why and how to configure one (README "Configuration").
 */
export const OFFLINE_REPLIES: Record<Language, string> = {
  de: 'Hallo! Ich bin der Orbit Offline-Assistent. Auf diesem Server ist noch kein KI-Anbieter eingerichtet, deshalb kann ich keine echten Antworten geben. So richtest du einen ein: Setze OPENAI_API_KEY (für einen kompatiblen Server wie Ollama zusätzlich OPENAI_BASE_URL, z. B. http://localhost:11434/v1), ANTHROPIC_API_KEY oder PERPLEXITY_API_KEY und starte Orbit neu – oder trage als Administrator einen Schlüssel unter Admin → API-Schlüssel ein, ganz ohne Neustart.',
  en: 'Hello! I am the Orbit offline assistant. No AI provider is configured on this server yet, so I cannot give real answers. To set one up, set OPENAI_API_KEY (for a compatible server such as Ollama also OPENAI_BASE_URL, e.g. http://localhost:11434/v1), ANTHROPIC_API_KEY or PERPLEXITY_API_KEY and restart Orbit – or, as an administrator, enter a key under Admin → API keys, no restart needed.',
  zh: '你好！我是 Orbit 离线助手。此服务器尚未配置任何 AI 服务提供商，因此我无法给出真正的回答。配置方法：设置 OPENAI_API_KEY（若使用 Ollama 等兼容服务器，还需设置 OPENAI_BASE_URL，例如 http://localhost:11434/v1）、ANTHROPIC_API_KEY 或 PERPLEXITY_API_KEY，然后重启 Orbit；管理员也可以在“管理后台 → API 密钥”中输入密钥，无需重启。',
  mk: 'Здраво! Јас сум офлајн асистентот на Orbit. На овој сервер сè уште не е поставен давател на вештачка интелигенција, па не можам да давам вистински одговори. За да поставите еден, поставете OPENAI_API_KEY (за компатибилен сервер како Ollama и OPENAI_BASE_URL, на пр. http://localhost:11434/v1), ANTHROPIC_API_KEY или PERPLEXITY_API_KEY и рестартирајте го Orbit – или, како администратор, внесете клуч под Админ → API клучеви, без рестартирање.',
  sq: 'Përshëndetje! Unë jam asistenti offline i Orbit. Në këtë server nuk është konfiguruar ende asnjë ofrues i inteligjencës artificiale, prandaj nuk mund të jap përgjigje të vërteta. Për ta konfiguruar, vendosni OPENAI_API_KEY (për një server të përputhshëm si Ollama edhe OPENAI_BASE_URL, p.sh. http://localhost:11434/v1), ANTHROPIC_API_KEY ose PERPLEXITY_API_KEY dhe rinisni Orbit – ose, si administrator, vendosni një çelës te Admin → Çelësat API, pa rinisje.',
  ko: '안녕하세요! 저는 Orbit 오프라인 도우미입니다. 이 서버에는 아직 AI 제공업체가 설정되어 있지 않아 실제 답변을 드릴 수 없습니다. 설정하려면 OPENAI_API_KEY를 설정하거나(Ollama 같은 호환 서버라면 OPENAI_BASE_URL도 설정, 예: http://localhost:11434/v1) ANTHROPIC_API_KEY 또는 PERPLEXITY_API_KEY를 설정한 뒤 Orbit을 다시 시작하세요. 관리자는 관리 → API 키에서 다시 시작 없이 키를 입력할 수도 있습니다.',
};

/** Pause between chunks, so the reply arrives the way a model's does. */
const CHUNK_DELAY_MS = 8;

/** Token-sized pieces: up to six characters with the whitespace that follows. */
export function chunkText(text: string): string[] {
  return text.match(/\s+|[^\s]{1,6}\s*/gu) ?? [];
}

/**
 * Streams a fixed text like a model reply: in small chunks with short pauses, stopping at once
 * when the signal aborts. Usage is counted with the tokenizer; it costs nothing.
 */
export function streamFixedText(
  text: string,
  signal: AbortSignal,
  delayMs = CHUNK_DELAY_MS,
): ReplyStream {
  return replyFromGenerator(fixedTextParts(text, signal, delayMs));
}

async function* fixedTextParts(
  text: string,
  signal: AbortSignal,
  delayMs: number,
): AsyncGenerator<string, ReplyUsage, undefined> {
  const chunks = chunkText(text);
  let sent = '';
  for (const [index, chunk] of chunks.entries()) {
    if (signal.aborted) break;
    if (index > 0 && delayMs > 0) {
      try {
        await sleep(delayMs, undefined, { signal });
      } catch {
        break;
      }
    }
    sent += chunk;
    yield chunk;
  }
  return { inputTokens: 0, outputTokens: await countTextTokens(sent) };
}

export function offlineReply(language: Language, signal: AbortSignal): ReplyStream {
  return streamFixedText(OFFLINE_REPLIES[language], signal);
}
