import type { FormEvent } from 'react';

/** The trimmed, non-empty text fields of a submitted form; datetime-local values as ISO. */
export function formValues(event: FormEvent<HTMLFormElement>): Record<string, string | undefined> {
  event.preventDefault();
  const values: Record<string, string | undefined> = {};
  const form = event.currentTarget;
  for (const [name, entry] of new FormData(form)) {
    if (typeof entry !== 'string' || !entry.trim()) continue;
    const field = form.elements.namedItem(name);
    const isTime = field instanceof HTMLInputElement && field.type === 'datetime-local';
    values[name] = isTime ? new Date(entry).toISOString() : entry.trim();
  }
  return values;
}

/** An ISO time as a datetime-local input shows it (local time, minutes). */
export function localInputValue(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
