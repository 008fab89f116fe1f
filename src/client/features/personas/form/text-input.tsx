import { useId } from 'react';

/** A labelled text field or text area with its error below, linked for screen readers. */
export function TextInput({
  label,
  value,
  onChange,
  error,
  rows,
  disabled = false,
  maxLength,
  lang,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Given: a text area of this many rows. */
  rows?: number;
  disabled?: boolean;
  maxLength?: number;
  lang?: string;
}) {
  const id = useId();
  const common = {
    id,
    value,
    disabled,
    maxLength,
    lang,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className: 'field-input',
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
