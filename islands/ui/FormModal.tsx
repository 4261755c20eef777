import Button from "./Button.tsx";
import type { FormEvent, ReactNode } from "react";
import Modal from "./Modal.tsx";
import FormField, { type FieldBinding, type FieldSpec, RequiredMark } from "./FormField.tsx";

/** The part of islands/client/form.ts's `useZodForm` that a FormModal drives. */
export interface FormModalState {
  valid: boolean;
  markSubmitted: () => void;
  errorFor: (name: string) => string | null;
  bind: (name: string) => FieldBinding;
  /** Whether a field must be filled (useZodForm asks the schema); marked with an asterisk. */
  required?: (name: string) => boolean;
}

/**
 * A form in a dialog: its fields (declared as data, or drawn by the caller), Cancel and the submit button
 * in the footer, and the busy state while the request runs. With `form`, a submit first shows every
 * field's error and goes no further while the schema refuses the values.
 */
export default function FormModal(p: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  /** False keeps the button off (the form shows which rule is not met yet). */
  canSubmit?: boolean;
  /** Why the button is off, its tooltip (Button's disabledReason); said generically when not given. */
  blockedBy?: string | null;
  submitLabel: string;
  busyLabel?: string;
  /** The form element's id; `testId` and `submitTestId` name it and its button for the tests. */
  formId: string;
  testId: string;
  submitTestId: string;
  form?: FormModalState;
  fields?: FieldSpec[];
  /** The form element's classes (its grid). */
  className?: string;
  wide?: boolean;
  /** Inside the form, after the declared fields. */
  children?: ReactNode;
  /** Under the form, outside it (an account's own actions). */
  after?: ReactNode;
}) {
  const form = p.form;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (p.busy || p.canSubmit === false) return;
    form?.markSubmitted();
    if (form && !form.valid) return;
    p.onSubmit();
  }
  return (
    <Modal
      open={p.open}
      title={p.title}
      onClose={p.onClose}
      wide={p.wide}
      footer={
        <>
          <button
            type="button"
            className="btn-secondary"
            onClick={p.onClose}
            disabled={p.busy}
            title={p.busy ? "Wait until it is saved" : undefined}
          >
            Cancel
          </button>
          <Button
            type="submit"
            form={p.formId}
            className="btn-primary"
            disabled={p.busy}
            disabledReason={p.busy
              ? null
              : p.blockedBy ?? (p.canSubmit === false ? "Fill in the marked fields first" : null)}
            data-testid={p.submitTestId}
          >
            {p.busy ? p.busyLabel ?? "Saving…" : p.submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={p.formId}
        noValidate
        onSubmit={submit}
        data-testid={p.testId}
        className={p.className ?? "space-y-4"}
      >
        {form?.required && p.fields?.some((f) => f.required ?? form.required!(f.name))
          ? (
            <p className="text-xs text-slate-600 sm:col-span-2" data-testid="required-note">
              Fields marked <RequiredMark /> are required.
            </p>
          )
          : null}
        {form && p.fields
          ? p.fields.map((f) => (
            <FormField
              key={f.name}
              spec={f}
              bind={form.bind(f.name)}
              error={form.errorFor(f.name)}
              required={f.required ?? (!f.disabled && !!form.required?.(f.name))}
            />
          ))
          : null}
        {p.children}
      </form>
      {p.after}
    </Modal>
  );
}
