import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The rejection's reason, required before the request is sent (the server requires it too). */
export function RejectForm({
  paymentId,
  busy,
  onReject,
  onCancel,
}: {
  paymentId: number;
  busy: boolean;
  onReject: (notes: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('adminSubscriptions');
  const [notes, setNotes] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldId = `reject-notes-${paymentId}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!notes.trim()) {
      setMissing(true);
      return;
    }
    onReject(notes.trim());
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <label htmlFor={fieldId} className="text-sm">
        {t('crypto.notes')}
      </label>
      <textarea
        id={fieldId}
        className="field-input min-w-56"
        rows={2}
        value={notes}
        aria-invalid={missing}
        aria-describedby={missing ? `${fieldId}-error` : undefined}
        onChange={(event) => {
          setNotes(event.target.value);
          setMissing(false);
        }}
      />
      {missing ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-danger">
          {t('crypto.notesRequired')}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-outline border-danger text-danger" disabled={busy}>
          {t('crypto.confirmReject')}
        </button>
        <button type="button" className="btn-ghost" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
