import Button from "./Button.tsx";
import type { FormEvent, ReactNode } from "react";

/**
 * The bar over a register's table: how many rows are ticked (with Clear), the action's fields and its
 * button, disabled until `ready`, and the server's refusal under them.
 */
export default function BulkBar(p: {
  count: number;
  /** What a row is: ["DA", "DAs"]. */
  noun: [string, string];
  /** Shown while nothing is ticked. */
  hint: string;
  /** The form's aria label. */
  label: string;
  busy: boolean;
  error: string | null;
  /** The fields are filled in (the button also needs a tick and no request on the way). */
  ready: boolean;
  /** Why the fields are not ready ("Choose a status"), the button's tooltip while they are not. */
  notReady?: string;
  submitLabel: string;
  busyLabel?: string;
  onSubmit: () => void;
  onClear: () => void;
  /** The action's fields (a status select, a reason). */
  children: ReactNode;
}) {
  const ready = p.count > 0 && p.ready && !p.busy;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (ready) p.onSubmit();
  }
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 border-b border-slate-200 bg-slate-50/60 px-4 py-3"
      aria-label={p.label}
      data-testid="bulk-bar"
    >
      <div className="mr-auto self-center text-sm" data-testid="selected-count">
        {p.count > 0
          ? (
            <span>
              <strong className="font-semibold text-slate-900">{p.count}</strong>{" "}
              {p.noun[p.count > 1 ? 1 : 0]} ticked
              <button
                type="button"
                className="ml-2 text-brand-600 underline-offset-2 hover:underline"
                onClick={p.onClear}
              >
                Clear
              </button>
            </span>
          )
          : <span className="text-slate-500">{p.hint}</span>}
      </div>
      {p.children}
      <Button
        type="submit"
        className="btn-primary"
        disabled={p.busy}
        disabledReason={p.busy
          ? null
          : p.count === 0
          ? `Tick at least one ${p.noun[0]} first`
          : !p.ready
          ? p.notReady ?? "Fill in the change first"
          : null}
        data-testid="bulk-change"
      >
        {p.busy ? p.busyLabel ?? "Changing…" : p.submitLabel}
      </Button>
      {p.error ? <p className="field-error w-full" role="alert" data-testid="bulk-error">{p.error}</p> : null}
    </form>
  );
}
