// 'Upload Report (.xlsx)' (02): the day's routes file fills or updates the report's rows. Success
// 'Xlsx file was uploaded!', failure 'Xlsx file was not uploaded! Please try again.', and the rows the
// file could not place are listed with their reason either way.
import { useRef, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Modal from "../ui/Modal.tsx";

interface Note {
  row: number;
  reason: string;
}
interface Outcome {
  ok: boolean;
  detail: string;
  updated?: number;
  created?: number;
  unmatched: Note[];
  warnings: Note[];
}

/** The file's size in MB, two decimals ('< 0.01 MB' for a tiny file rather than '0.00 MB'). */
export const megabytes = (bytes: number) =>
  bytes > 0 && bytes < 5243 ? "< 0.01 MB" : `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function Notes({ title, notes, testId }: { title: string; notes: Note[]; testId: string }) {
  if (notes.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      <ul
        className="mt-1 max-h-48 space-y-1 overflow-y-auto rounded border border-slate-200 p-2 text-sm"
        data-testid={testId}
      >
        {notes.map((n, i) => (
          <li key={`${n.row}-${i}`}>
            <span className="font-medium tabular-nums">Row {n.row}:</span> {n.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function UploadModal({ open, reportId, shiftDate, onClose, onUploaded }: {
  open: boolean;
  reportId: number;
  shiftDate: string;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function clear() {
    setFile(null);
    if (input.current) input.current.value = "";
  }
  function close() {
    clear();
    setOutcome(null);
    onClose();
  }

  async function upload() {
    if (!file) return;
    const form = new FormData();
    form.append("xlsx_file", file);
    form.append("shift_date", shiftDate);
    form.append("report", String(reportId));
    setBusy(true);
    try {
      const res = await api<Omit<Outcome, "ok">>("/api/upload-xlsx-shift-data/", {
        method: "POST",
        body: form,
        quiet: true,
      });
      toast("success", "Xlsx file was uploaded!");
      const out = { ok: true, ...res, unmatched: res.unmatched ?? [], warnings: res.warnings ?? [] };
      clear();
      onUploaded();
      if (out.unmatched.length || out.warnings.length) setOutcome(out);
      else close();
    } catch (err) {
      toast("error", "Xlsx file was not uploaded! Please try again.");
      const b = err instanceof ApiError ? err.body : {};
      const fields = err instanceof ApiError ? Object.values(err.fieldErrors()) : [];
      setOutcome({
        ok: false,
        detail: typeof b.detail === "string" ? b.detail : fields[0] ?? "The server could not read the file.",
        unmatched: Array.isArray(b.unmatched) ? b.unmatched as Note[] : [],
        warnings: Array.isArray(b.warnings) ? b.warnings as Note[] : [],
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Upload Report (.xlsx)"
      onClose={close}
      footer={
        <>
          <button type="button" className="btn-secondary" disabled={!file || busy} onClick={clear}>
            Cancel
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={!file || busy}
            onClick={upload}
            data-testid="upload-submit"
          >
            {busy ? "Uploading…" : "Upload"}
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-600">
        Choose the day's routes file. Its rows fill or update this shift's rows (route, wave, van size),
        matched to DAs by name or transporter ID; the table refreshes when it is done. Nothing is written if
        the file cannot be used.
      </p>
      <label className="mt-4 flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center hover:border-brand-500">
        <span className="text-sm font-medium text-brand-600">Choose an .xlsx file</span>
        <span className="text-xs text-slate-500">Excel workbook, up to the server's upload limit</span>
        <input
          ref={input}
          type="file"
          className="sr-only"
          data-testid="upload-file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            setOutcome(null);
            setFile(e.currentTarget.files?.[0] ?? null);
          }}
        />
      </label>
      {file
        ? (
          <p className="mt-3 flex justify-between gap-3 text-sm" data-testid="upload-chosen">
            <span className="truncate font-medium text-slate-800">{file.name}</span>
            <span className="shrink-0 tabular-nums text-slate-500">{megabytes(file.size)}</span>
          </p>
        )
        : null}
      {outcome
        ? (
          <div
            className={`mt-4 rounded-md border p-3 text-sm ${
              outcome.ok ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"
            }`}
            data-testid="upload-outcome"
          >
            <p className={outcome.ok ? "text-emerald-900" : "text-red-900"}>
              {outcome.ok
                ? `${outcome.detail} ${outcome.updated ?? 0} rows updated, ${outcome.created ?? 0} added.`
                : outcome.detail}
            </p>
            <Notes title="Rows not placed" notes={outcome.unmatched} testId="upload-unmatched" />
            <Notes title="Rows placed with a note" notes={outcome.warnings} testId="upload-warnings" />
          </div>
        )
        : null}
    </Modal>
  );
}
