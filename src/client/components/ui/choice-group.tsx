import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  /** Shown before the label, e.g. a colour swatch. */
  adornment?: ReactNode;
  disabled?: boolean;
}

/** A labelled group of radio buttons (a fieldset with a legend), keyboard-navigable natively. */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  value,
  choices,
  onChange,
  testId,
}: {
  name: string;
  legend: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="mb-2 font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-fg hover:bg-surface-2 has-checked:border-accent has-checked:ring-2 has-checked:ring-accent has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.adornment}
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
