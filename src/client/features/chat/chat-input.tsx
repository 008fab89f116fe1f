import { Loader2, SendHorizontal } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 01-core §9: input height 44–240 px on desktop, 36–160 px on mobile (≤ 768 px). */
const HEIGHTS = { desktop: [44, 240], mobile: [36, 160] } as const;
const isMobile = () => window.matchMedia?.('(max-width: 768px)').matches ?? false;

/**
 * The input bar (spec 01-core §4 "Input"): grows with its text; Enter without Shift/Ctrl/Meta
 * sends on desktop, makes a newline on mobile; Escape clears; disabled with a spinner while a
 * reply is on its way.
 */
export function ChatInput({ busy, onSend }: { busy: boolean; onSend: (text: string) => void }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    const [min, max] = HEIGHTS[isMobile() ? 'mobile' : 'desktop'];
    element.style.height = 'auto';
    element.style.height = `${Math.min(Math.max(element.scrollHeight, min), max)}px`;
  }, [text]);

  const canSend = !busy && text.trim() !== '';
  const submit = () => {
    if (!canSend) return;
    onSend(text);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setText('');
      return;
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.shiftKey || event.ctrlKey || event.metaKey || isMobile()) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-line bg-surface/90 p-3 backdrop-blur"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
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
        className="field-input min-h-9 flex-1 resize-none md:min-h-11"
      />
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
    </form>
  );
}
