import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Spec 01-core §4 "Message bubble", editing state: Enter without Shift saves non-empty text,
 * Shift+Enter makes a newline, Escape or Cancel restores the original and leaves edit mode.
 */
export function MessageEditForm({
  original,
  draft,
  onDraft,
  busy,
  onSave,
  onCancel,
}: {
  original: string;
  /** Text typed before the row was re-created by the list. */
  draft?: string | undefined;
  onDraft?: (text: string) => void;
  busy: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState(draft ?? original);
  const hintId = useId();
  const canSave = text.trim() !== '' && !busy;

  const save = () => {
    if (canSave) onSave(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a character uses Enter to confirm it, not to save.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      className="flex w-full flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <textarea
        aria-label={t('edit.label')}
        aria-describedby={hintId}
        className="field-input field-sizing-content max-h-60 min-h-11 w-full resize-none text-fg"
        value={text}
        // The editor opens where the user clicked Edit: the caret belongs in it.
        autoFocus
        onFocus={(event) => {
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
        onChange={(event) => {
          setText(event.target.value);
          onDraft?.(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className="text-xs text-white/80">
        {t('edit.hint')}
      </p>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-ghost text-white" onClick={onCancel}>
          {t('edit.cancel')}
        </button>
        <button type="submit" className="btn-outline bg-surface text-fg" disabled={!canSave}>
          {t('edit.save')}
        </button>
      </div>
    </form>
  );
}
