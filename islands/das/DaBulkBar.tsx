import { useState } from "react";
import { settableStatuses } from "../../lib/das/policy.ts";

/** The bulk change: disabled until DAs are ticked and a status is chosen (03 section 2.9). */
export default function DaBulkBar({ role, selected, busy, error, onApply, onClear }: {
  role: number;
  selected: number;
  busy: boolean;
  error: string | null;
  onApply: (status: number, reason: string) => Promise<boolean>;
  onClear: () => void;
}) {
  const [status, setStatus] = useState("");
  const [reason, setReason] = useState("");
  const ready = selected > 0 && status !== "" && !busy;

  async function apply(e: React.FormEvent) {
    e.preventDefault();
    if (!ready) return;
    if (await onApply(Number(status), reason.trim())) {
      setStatus("");
      setReason("");
    }
  }

  return (
    <form
      onSubmit={apply}
      className="flex flex-wrap items-end gap-3 border-b border-slate-200 bg-slate-50/60 px-4 py-3"
      aria-label="Change status of ticked DAs"
      data-testid="bulk-bar"
    >
      <div className="mr-auto self-center text-sm" data-testid="selected-count">
        {selected > 0
          ? (
            <span>
              <strong className="font-semibold text-slate-900">{selected}</strong> DA{selected > 1 ? "s" : ""}
              {" "}
              ticked
              <button
                type="button"
                className="ml-2 text-brand-600 underline-offset-2 hover:underline"
                onClick={onClear}
              >
                Clear
              </button>
            </span>
          )
          : <span className="text-slate-500">Tick DAs to change their status.</span>}
      </div>
      <div>
        <label htmlFor="bulk-status" className="field-label">New status</label>
        <select
          id="bulk-status"
          className="field-input min-w-36"
          value={status}
          disabled={busy}
          onChange={(e) => setStatus(e.target.value)}
          data-testid="bulk-status"
        >
          <option value="">Choose…</option>
          {settableStatuses(role).map((s) => <option key={s.id} value={String(s.id)}>{s.label}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="bulk-reason" className="field-label">
          Reason <span className="font-normal text-slate-400">(optional)</span>
        </label>
        <input
          id="bulk-reason"
          className="field-input w-48 sm:w-56"
          maxLength={200}
          value={reason}
          disabled={busy}
          placeholder="Kept in the history"
          onChange={(e) => setReason(e.target.value)}
          data-testid="bulk-reason"
        />
      </div>
      <button type="submit" className="btn-primary" disabled={!ready} data-testid="bulk-change">
        {busy ? "Changing…" : "Change status"}
      </button>
      {error ? <p className="field-error w-full" role="alert" data-testid="bulk-error">{error}</p> : null}
    </form>
  );
}
