import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';
import { useLatest } from '#client/lib/use-latest.ts';

/** The part of the Web Speech API we use (not in every TypeScript DOM library). */
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as Record<string, RecognitionConstructor | undefined>;
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/** The recogniser's language for each interface language. */
const SPEECH_LOCALES: Record<string, string> = {
  de: 'de-DE',
  en: 'en-US',
  zh: 'zh-CN',
  mk: 'mk-MK',
  sq: 'sq-AL',
  ko: 'ko-KR',
};

/** Errors that mean "nothing happened" rather than a problem worth a toast. */
const SILENT_ERRORS = new Set(['aborted']);

/**
 * Voice input (spec 01-core §2 "voice input start/stop") through the browser's speech
 * recognition, in the interface language. `supported` is false where the browser has none
 * (the button is then hidden). While listening, `onText` receives the text spoken so far.
 */
export function useSpeechInput(onText: (spoken: string) => void) {
  const { t, i18n } = useTranslation('composer');
  const [supported] = useState(() => recognitionConstructor() !== undefined);
  const [listening, setListening] = useState(false);
  const active = useRef<Recognition | null>(null);
  const handler = useLatest(onText);

  useEffect(() => () => active.current?.abort(), []);

  /** Stops listening; what was said until now still arrives. */
  const stop = useCallback(() => {
    active.current?.stop();
  }, []);

  /** Stops listening and drops what would still arrive: the text was sent or cleared. */
  const cancel = useCallback(() => {
    const recognition = active.current;
    if (!recognition) return;
    recognition.onresult = null;
    recognition.abort();
  }, []);

  const start = useCallback(() => {
    const Constructor = recognitionConstructor();
    if (!Constructor || active.current) return;
    const recognition = new Constructor();
    recognition.lang = SPEECH_LOCALES[i18n.language.split('-')[0] ?? 'de'] ?? 'de-DE';
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.onresult = (event) => {
      const spoken = Array.from(event.results, (result) => result[0]?.transcript ?? '').join('');
      handler.current(spoken.trim());
    };
    recognition.onerror = (event) => {
      if (SILENT_ERRORS.has(event.error)) return;
      const denied = event.error === 'not-allowed' || event.error === 'service-not-allowed';
      const key = denied
        ? 'voice.denied'
        : event.error === 'no-speech'
          ? 'voice.noSpeech'
          : 'voice.failed';
      showToast({ title: t(key), variant: 'destructive' });
    };
    recognition.onend = () => {
      active.current = null;
      setListening(false);
    };
    active.current = recognition;
    try {
      recognition.start();
      setListening(true);
    } catch {
      active.current = null;
      showToast({ title: t('voice.failed'), variant: 'destructive' });
    }
  }, [i18n.language, t, handler]);

  return { supported, listening, start, stop, cancel };
}
