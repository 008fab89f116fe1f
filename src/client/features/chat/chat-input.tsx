import { Loader2, Mic, MicOff, Paperclip, SendHorizontal, Upload } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';
import { useLatest } from '#client/lib/use-latest.ts';
import type { TurnOutcome } from './chat-items.ts';
import { ACCEPT_ATTRIBUTE } from './composer/attachment-check.ts';
import { AttachmentChips } from './composer/attachment-chips.tsx';
import { ComposerChoices } from './composer/composer-choices.tsx';
import { useComposerDraft } from './composer/composer-draft.ts';
import { useAttachments } from './composer/use-attachments.ts';
import type { useComposerChoices } from './composer/use-composer-choices.ts';
import { useFileDrop } from './composer/use-file-drop.ts';
import { useSpeechInput } from './composer/use-speech-input.ts';

/** Spec 01-core §9: input height 44–240 px on desktop, 36–160 px on mobile (≤ 768 px). */
const HEIGHTS = { desktop: [44, 240], mobile: [36, 160] } as const;
const isMobile = () => window.matchMedia?.('(max-width: 768px)').matches ?? false;

/** What goes with the text of a message besides the picked model and persona: its files. */
export interface SendExtras {
  fileIds?: number[];
}

/** Spec 01-core §4 "Sending a message" step 1: each attached file is named in the message. */
export const fileMention = (name: string) => ` [Datei: ${name}]`;

/**
 * The input bar (spec 01-core §4 "Input", §5): grows with its text; Enter without Shift/Ctrl/Meta
 * sends on desktop, makes a newline on mobile; Escape clears; disabled with a spinner while a
 * reply is on its way. Files come by picker, drop or paste; voice input where the browser has it.
 * The text is kept per conversation while the tab lives, and a message the usage limit refused
 * comes back with its files (decision 305).
 */
export function ChatInput({
  userId,
  conversationId,
  busy,
  choices,
  onSend,
}: {
  userId: number;
  /** The conversation written in; undefined for a new chat. */
  conversationId: string | undefined;
  busy: boolean;
  /** The model and persona pickers' state (the chat sends the picks with every request). */
  choices: ReturnType<typeof useComposerChoices>;
  onSend: (text: string, extras: SendExtras) => Promise<TurnOutcome>;
}) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation('composer');
  const [text, setText] = useComposerDraft(userId, conversationId);
  const textRef = useLatest(text);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const files = useAttachments();
  const dragging = useFileDrop((dropped) => void files.add(dropped), !busy);
  const spokenBase = useRef('');
  const voice = useSpeechInput((spoken) => {
    const base = spokenBase.current;
    setText(base && spoken ? `${base} ${spoken}` : base + spoken);
  });

  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    const [min, max] = HEIGHTS[isMobile() ? 'mobile' : 'desktop'];
    element.style.height = 'auto';
    element.style.height = `${Math.min(Math.max(element.scrollHeight, min), max)}px`;
  }, [text]);

  // Another conversation has a composer of its own: its draft comes with it (useComposerDraft),
  // the files and the dictation of the one left stay behind. A new chat that gets its address
  // during its first send is still the same conversation.
  const sending = useLatest(busy);
  const { clear: clearFiles } = files;
  const { cancel: cancelVoice } = voice;
  useEffect(() => {
    if (sending.current) return;
    clearFiles();
    cancelVoice();
  }, [conversationId, sending, clearFiles, cancelVoice]);

  const ready = files.attachments.filter((item) => item.fileId !== null);
  const canSend = !busy && !files.uploading && (text.trim() !== '' || ready.length > 0);

  const submit = () => {
    if (!canSend) return;
    voice.cancel();
    const message = (text + ready.map((item) => fileMention(item.name)).join('')).trim();
    const extras: SendExtras = {};
    if (ready.length > 0) {
      extras.fileIds = ready.map((item) => item.fileId!);
      showToast({
        title: tc('file.analysing'),
        description: ready.map((item) => item.name).join(', '),
      });
    }
    const written = { text, attachments: ready };
    void onSend(message, extras).then((outcome) => {
      // Nothing was stored: back to the composer, unless the user has started another message.
      if (outcome !== 'refused' || textRef.current.trim() !== '') return;
      setText(written.text);
      files.restore(written.attachments);
    });
    setText('');
    files.clear();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // A key that ends an input method's composition (Korean, Chinese) is the composition's own.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      voice.cancel();
      setText('');
      return;
    }
    if (event.key !== 'Enter') return;
    if (event.shiftKey || event.ctrlKey || event.metaKey || isMobile()) return;
    event.preventDefault();
    submit();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0) return;
    event.preventDefault();
    void files.add(pasted);
  };

  const toggleVoice = () => {
    if (voice.listening) {
      voice.stop();
      return;
    }
    spokenBase.current = text.trimEnd();
    voice.start();
  };

  return (
    <form
      className="border-t border-line bg-surface/90 p-3 backdrop-blur"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {dragging ? (
        <div
          role="status"
          className="pointer-events-none fixed inset-3 z-50 flex flex-col items-center justify-center gap-2 rounded-3xl border-2 border-dashed border-accent bg-surface/85 text-lg font-medium text-fg"
        >
          <Upload aria-hidden className="size-8 text-accent" />
          {tc('file.dropHere')}
        </div>
      ) : null}
      <ComposerChoices choices={choices} disabled={busy} />
      <AttachmentChips attachments={files.attachments} disabled={busy} onRemove={files.remove} />
      <div className="flex items-end gap-2">
        <input
          ref={picker}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          multiple
          hidden
          onChange={(event) => {
            const picked = Array.from(event.target.files ?? []);
            event.target.value = '';
            void files.add(picked);
          }}
        />
        <button
          type="button"
          className="btn-ghost min-h-11 min-w-11 px-2"
          disabled={busy}
          aria-label={tc('file.attach')}
          title={tc('file.attachHint')}
          onClick={() => picker.current?.click()}
        >
          <Paperclip aria-hidden className="size-5" />
        </button>
        <label htmlFor="chat-input" className="sr-only">
          {t('input.label')}
        </label>
        <textarea
          id="chat-input"
          ref={area}
          rows={1}
          value={text}
          disabled={busy}
          placeholder={t('input.placeholder')}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          className="field-input min-h-9 flex-1 resize-none md:min-h-11"
        />
        {voice.supported ? (
          <button
            type="button"
            className={`min-h-11 min-w-11 px-2 ${voice.listening ? 'btn-outline text-accent' : 'btn-ghost'}`}
            disabled={busy}
            aria-pressed={voice.listening}
            aria-label={voice.listening ? tc('voice.stop') : tc('voice.start')}
            onClick={toggleVoice}
          >
            {voice.listening ? (
              <MicOff aria-hidden className="size-5 animate-pulse" />
            ) : (
              <Mic aria-hidden className="size-5" />
            )}
          </button>
        ) : null}
        <button
          type="submit"
          className="btn-primary min-w-11 px-3"
          disabled={!canSend}
          aria-label={busy ? t('input.sending') : t('input.send')}
        >
          {busy ? (
            <Loader2 aria-hidden className="size-5 animate-spin" />
          ) : (
            <SendHorizontal aria-hidden className="size-5" />
          )}
        </button>
      </div>
    </form>
  );
}
