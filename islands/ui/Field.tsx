import type { InputHTMLAttributes } from "react";

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string | null;
}

/** A labelled input whose error shows only once the caller decides (after touch, per 01 section 5). */
export default function Field({ label, name, error, ...rest }: Props) {
  const id = `f-${name}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">{label}</label>
      <input
        id={id}
        name={name}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        {...rest}
      />
      {error ? <p id={`${id}-err`} className="field-error" data-testid={`error-${name}`}>{error}</p> : null}
    </div>
  );
}
