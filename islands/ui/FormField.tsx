/** A form field declared as data (FormModal's `fields`). */
export interface FieldSpec {
  name: string;
  label: string;
  kind: "text" | "email" | "tel" | "number" | "money" | "textarea" | "select";
  /** select: the choices. */
  options?: { value: string; label: string }[];
  /** select: the label of the empty choice ("None" when empty is allowed, else a prompt); none without it. */
  empty?: string;
  placeholder?: string;
  hint?: string;
  /** Spans both columns of a two-column form. */
  wide?: boolean;
  disabled?: boolean;
  /** Marked required whatever the schema says (FormModal otherwise asks the form's schema). */
  required?: boolean;
}

/** The asterisk after a required field's label (the control itself carries aria-required). */
export function RequiredMark() {
  return <span className="ml-0.5 text-red-700" aria-hidden="true">*</span>;
}

/** What a field needs from the form's state (islands/client/form.ts `bind`). */
export interface FieldBinding {
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  onBlur?: () => void;
}

/**
 * A labelled control with its hint, or its error once there is one. Its id is `f-<name>` and its error's
 * test id `error-<name>`.
 */
export default function FormField({ spec, bind, error, required = false }: {
  spec: FieldSpec;
  bind: FieldBinding;
  error: string | null;
  required?: boolean;
}) {
  const id = `f-${spec.name}`;
  const common = {
    ...bind,
    id,
    disabled: spec.disabled,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-err` : spec.hint ? `${id}-hint` : undefined,
  };
  return (
    <div className={spec.wide ? "sm:col-span-2" : ""}>
      <label htmlFor={id} className="field-label">
        {spec.label}
        {required ? <RequiredMark /> : null}
      </label>
      {spec.kind === "select"
        ? (
          <select className="field-input" {...common}>
            {spec.empty !== undefined ? <option value="">{spec.empty}</option> : null}
            {(spec.options ?? []).map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        )
        : spec.kind === "textarea"
        ? <textarea className="field-input min-h-20" rows={3} {...common} />
        : (
          <input
            className="field-input"
            autoComplete="off"
            placeholder={spec.placeholder}
            type={spec.kind === "money" ? "text" : spec.kind}
            inputMode={spec.kind === "money" ? "decimal" : undefined}
            {...common}
          />
        )}
      {error
        ? <p id={`${id}-err`} className="field-error" data-testid={`error-${spec.name}`}>{error}</p>
        : spec.hint
        ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{spec.hint}</p>
        : null}
    </div>
  );
}
