import type { FormEvent, ReactNode } from "react";
import Modal from "./Modal.tsx";
import FormField, { type FieldBinding, type FieldSpec } from "./FormField.tsx";

/** The part of islands/client/form.ts's `useZodForm` that a FormModal drives. */
export interface FormModalState {
  valid: boolean;
  markSubmitted: () => void;
  errorFor: (name: string) => string | null;
  bind: (name: string) => FieldBinding;
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
  /** False keeps the button disabled (the form shows which rule is not met yet). */
  canSubmit?: boolean;
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
          <button type="button" className="btn-secondary" onClick={p.onClose} disabled={p.busy}>
            Cancel
          </button>
          <button
            type="submit"
            form={p.formId}
            className="btn-primary"
            disabled={p.busy || p.canSubmit === false}
            data-testid={p.submitTestId}
          >
            {p.busy ? p.busyLabel ?? "Saving…" : p.submitLabel}
          </button>
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
        {form && p.fields
          ? p.fields.map((f) => (
            <FormField key={f.name} spec={f} bind={form.bind(f.name)} error={form.errorFor(f.name)} />
          ))
          : null}
        {p.children}
      </form>
      {p.after}
    </Modal>
  );
}
