import type { FormEvent, ReactNode } from 'react';

/** A text, number-like or time field, or a choice among options ('' means any). */
export type FilterField = {
  name: string;
  label: string;
  placeholder?: string;
  /** What the field shows first (a datetime-local field: see localInputValue). */
  defaultValue?: string | undefined;
} & (
  | { type?: 'text' | 'search' | 'date' | 'datetime-local'; inputMode?: 'numeric' }
  | { options: { value: string; label: string }[] }
);

/** Filled-in fields only: trimmed text, and a datetime-local (the browser's local time) as an instant. */
export type FilterValues = Record<string, string | undefined>;

export function readFilterValues(form: HTMLFormElement): FilterValues {
  const values: FilterValues = {};
  for (const [name, entry] of new FormData(form)) {
    if (typeof entry !== 'string' || !entry.trim()) continue;
    const field = form.elements.namedItem(name);
    const isTime = field instanceof HTMLInputElement && field.type === 'datetime-local';
    values[name] = isTime ? new Date(entry).toISOString() : entry.trim();
  }
  return values;
}

/** An instant as a datetime-local input shows it (the browser's local time, to the minute). */
export function localInputValue(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The filters of a server-paged list as one form, applied when submitted. */
export function FilterForm({
  fields,
  submitLabel,
  onApply,
  role,
  children,
}: {
  fields: FilterField[];
  submitLabel: string;
  onApply: (values: FilterValues) => void;
  /** 'search' when the form is the screen's search. */
  role?: 'search';
  /** Shown after the submit button (a download of the same selection…). */
  children?: ReactNode;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(readFilterValues(event.currentTarget));
  }
  return (
    <form role={role} className="flex flex-wrap items-end gap-3" onSubmit={submit}>
      {fields.map((field) => (
        <label
          key={field.name}
          className={`flex flex-col gap-1 text-sm ${'type' in field && field.type === 'search' ? 'min-w-56 flex-1' : ''}`}
        >
          {field.label}
          {'options' in field ? (
            <select
              name={field.name}
              className="field-input"
              defaultValue={field.defaultValue ?? ''}
            >
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              name={field.name}
              defaultValue={field.defaultValue}
              type={field.type ?? 'text'}
              inputMode={field.inputMode}
              placeholder={field.placeholder}
              className="field-input"
            />
          )}
        </label>
      ))}
      <button type="submit" className="btn-outline">
        {submitLabel}
      </button>
      {children}
    </form>
  );
}
