import { vi } from 'vitest';

/** The browser's speech recognition as the composer drives it; a test speaks through onresult. */
export interface FakeRecognition {
  lang: string;
  onresult: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onend: (() => void) | null;
}

/**
 * Gives the page a speech recognition (Chromium's webkitSpeechRecognition, which jsdom lacks)
 * and returns the recognitions the page starts, in order.
 */
export function stubSpeechRecognition(): FakeRecognition[] {
  const started: FakeRecognition[] = [];
  class Recognition implements FakeRecognition {
    lang = '';
    continuous = false;
    interimResults = false;
    onresult: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      started.push(this);
    }
    stop() {
      this.onend?.();
    }
    abort() {}
  }
  vi.stubGlobal('webkitSpeechRecognition', Recognition);
  return started;
}
