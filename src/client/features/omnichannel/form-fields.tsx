import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: ReactNode;
  /** Spans both columns of a two-column form. */
  wide?: boolean;
}

/** A control with its label above it, as every omnichannel form lays them out. */
export function Field({ label, wide, children }: FieldProps & { children: ReactNode }) {
  return (
    <label className={`flex flex-col gap-1 text-sm${wide ? ' md:col-span-2' : ''}`}>
      {label}
      {children}
    </label>
  );
}

/** A labelled `<input>`; every attribute but the label goes to the input. */
export function InputField({
  label,
  wide,
  className = 'field-input',
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} wide={wide}>
      <input className={className} {...input} />
    </Field>
  );
}

/** A labelled `<textarea>`; every attribute but the label goes to the textarea. */
export function TextAreaField({
  label,
  wide,
  className = 'field-input',
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} wide={wide}>
      <textarea className={className} {...textarea} />
    </Field>
  );
}

/** A labelled `<select>` of fixed values, each shown by `optionLabel`. */
export function SelectField<Value extends string>({
  label,
  wide,
  value,
  options,
  optionLabel,
  onChange,
}: FieldProps & {
  value: Value;
  options: readonly Value[];
  optionLabel: (value: Value) => string;
  onChange: (value: Value) => void;
}) {
  return (
    <Field label={label} wide={wide}>
      <select
        className="field-input"
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </Field>
  );
}
