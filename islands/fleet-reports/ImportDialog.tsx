// 'Import invoices (.csv)': a month's invoices from a CSV in one go. All or nothing: a refusal lists every
// line at fault (the server's words), and nothing is written until the file is right.
import { useState } from "react";
import type { InvoiceImportDto } from "../../lib/fleet-reports/dto.ts";
import type { ImportProblem } from "../../lib/fleet-reports/errors.ts";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Modal from "../ui/Modal.tsx";
import { MONTH_NAMES } from "../ui/MonthStepper.tsx";

export default function ImportDialog({ open, year, month, onClose, onImported }: {
  open: boolean;
  year: number;
  month: number;
  onClose: () => void;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const label = `${MONTH_NAMES[month - 1]} ${year}`;

  function close() {
    setFile(null);
    setError("");
    setProblems([]);
    onClose();
  }

  async function submit() {
    if (!file) return;
    const form = new FormData();
    form.append("file", file);
    form.append("month", String(month));
    form.append("year", String(year));
    setBusy(true);
    setError("");
    setProblems([]);
    try {
      const r = await api<InvoiceImportDto>("/api/fleet-reports/invoices/import/", {
        method: "POST",
        body: form,
        quiet: true,
      });
      toast("success", `Imported ${r.rows} invoices for ${label} (${r.created} new, ${r.updated} replaced).`);
      onImported();
      close();
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      setError(err && err.status !== 0 ? err.message : "The server cannot be reached.");
      const list = err?.body.problems;
      setProblems(Array.isArray(list) ? list as ImportProblem[] : []);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={`Import invoices for ${label}`}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
          <button
            type="button"
            className="btn-primary"
            disabled={!file || busy}
            title={!file ? "Choose a CSV file first" : undefined}
            onClick={submit}
            data-testid="import-submit"
          >
            {busy ? "Importing…" : "Import"}
          </button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          A CSV with a header naming a <strong>Van</strong> column (or <strong>VIN</strong>) and an{" "}
          <strong>Invoice</strong> column, one van a line, for example{" "}
          <code className="rounded bg-slate-100 px-1">Van,Invoice</code> then{" "}
          <code className="rounded bg-slate-100 px-1">105,1250.00</code>. Existing invoices of {label}{" "}
          are replaced. If any line is wrong, nothing is imported.
        </p>
        <label className="field-label" htmlFor="invoice-csv">CSV file</label>
        <input
          id="invoice-csv"
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
          data-testid="import-file"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        {error
          ? (
            <div className="rounded-md border border-red-200 bg-red-50 p-3 text-red-700" role="alert">
              <p className="font-medium">{problems.length ? "Nothing was imported." : error}</p>
              {problems.length
                ? (
                  <ul
                    className="mt-2 max-h-48 list-disc space-y-0.5 overflow-auto pl-5"
                    data-testid="import-problems"
                  >
                    {problems.map((p) => <li key={`${p.line}-${p.message}`}>Line {p.line}: {p.message}</li>)}
                  </ul>
                )
                : null}
            </div>
          )
          : null}
      </div>
    </Modal>
  );
}
