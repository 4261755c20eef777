// The Actual Invoice Rate cell: an input that takes digits and one point only (typed or pasted), saved when
// it loses focus (create or update by van, month and year). The row takes the server's answer; a refusal
// shows the server's words and puts the previous value back.
import { useEffect, useRef, useState } from "react";
import type { FleetReportRowDto, SavedInvoiceDto } from "../../lib/fleet-reports/dto.ts";
import { api, ApiError } from "../client/api.ts";
import { invoiceKeys } from "./format.ts";

/** The stored amount as the input shows it: '1250.50', or '' without one. */
const shown = (row: FleetReportRowDto) => row.invoice ?? "";

export default function InvoiceCell({ row, year, month, disabled, onSaved, className, title }: {
  row: FleetReportRowDto;
  year: number;
  month: number;
  disabled: boolean;
  onSaved: (row: FleetReportRowDto) => void;
  className: string;
  title: string;
}) {
  const [text, setText] = useState(shown(row));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");
  const cancelled = useRef(false);
  useEffect(() => setText(shown(row)), [row.invoice]);

  async function save() {
    const value = text.trim();
    if (cancelled.current) {
      cancelled.current = false;
      return;
    }
    // Nothing typed, or the same amount: nothing to send (an invoice is corrected, never removed here).
    if (value === "" || (row.invoice !== null && Number(value) === Number(row.invoice))) {
      setText(shown(row));
      return;
    }
    setSaving(true);
    setError("");
    try {
      const r = await api<SavedInvoiceDto>("/api/create-update-van-actual-invoice/", {
        method: "POST",
        quiet: true,
        json: { invoice: value, vanNumber: row.van, month, year },
      });
      onSaved(r.data.row);
      setText(shown(r.data.row));
    } catch (e) {
      const why = e instanceof ApiError && e.status !== 0 ? e.message : "The server cannot be reached.";
      setError(why);
      setText(shown(row));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={`-mx-1 rounded px-1 py-0.5 ${className}`} title={title}>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={`Actual invoice of van ${row.van}`}
        aria-invalid={error ? true : undefined}
        className="w-28 rounded border border-slate-300 bg-white px-2 py-1 text-right text-sm tabular-nums focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100"
        placeholder="0.00"
        value={text}
        disabled={disabled || saving}
        data-testid="invoice-input"
        onChange={(e) => setText(invoiceKeys(e.target.value))}
        onKeyDown={(e) => {
          if (e.key === "Enter") e.currentTarget.blur();
          if (e.key === "Escape") {
            cancelled.current = true;
            setText(shown(row));
            e.currentTarget.blur();
          }
        }}
        onBlur={save}
      />
      {error
        ? <p className="mt-1 max-w-[14rem] text-xs font-medium text-red-600" role="alert">{error}</p>
        : null}
    </div>
  );
}
