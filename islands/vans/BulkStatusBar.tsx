import { useState } from "react";
import StatusPicker, { pickComplete } from "./StatusPicker.tsx";

/** The bulk change: disabled until vans are ticked and a status (and, for 2, a reason) is chosen. */
export default function BulkStatusBar({ role, selected, busy, error, onApply, onClear }: {
  role: number;
  selected: number;
  busy: boolean;
  error: string | null;
  onApply: (status: string, reason: string) => Promise<boolean>;
  onClear: () => void;
}) {
  const [status, setStatus] = useState("");
  const [reason, setReason] = useState("");
  const ready = selected > 0 && pickComplete(status, reason) && !busy;

  async function apply(e: React.FormEvent) {
    e.preventDefault();
    if (!ready) return;
    if (await onApply(status, reason)) {
      setStatus("");
      setReason("");
    }
  }

  return (
    <form
      onSubmit={apply}
      className="flex flex-wrap items-end gap-3 border-b border-slate-200 bg-slate-50/60 px-4 py-3"
      aria-label="Change status of ticked vans"
      data-testid="bulk-bar"
    >
      <div className="mr-auto self-center text-sm" data-testid="selected-count">
        {selected > 0
          ? (
            <span>
              <strong className="font-semibold text-slate-900">{selected}</strong>{" "}
              van{selected > 1 ? "s" : ""} ticked
              <button
                type="button"
                className="ml-2 text-brand-600 underline-offset-2 hover:underline"
                onClick={onClear}
              >
                Clear
              </button>
            </span>
          )
          : <span className="text-slate-500">Tick vans to change their status.</span>}
      </div>
      <StatusPicker
        role={role}
        status={status}
        reason={reason}
        idPrefix="bulk"
        disabled={busy}
        onStatus={(v) => {
          setStatus(v);
          if (v !== "2") setReason("");
        }}
        onReason={setReason}
      />
      <button type="submit" className="btn-primary" disabled={!ready} data-testid="bulk-change">
        {busy ? "Changing…" : "Change"}
      </button>
      {error ? <p className="field-error w-full" role="alert" data-testid="bulk-error">{error}</p> : null}
    </form>
  );
}
