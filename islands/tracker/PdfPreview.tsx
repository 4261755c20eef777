// 'Table preview' (02): the rows the PDF prints, then Download fetches the PDF itself
// ('Generating PDF...', failure 'Something was wrong!').
import { useEffect, useState } from "react";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Modal from "../ui/Modal.tsx";

interface PreviewRow {
  number: number;
  fleet_no: string;
  route: string;
  wave: string;
  da: string;
  da2: string;
}
interface Preview {
  rows: PreviewRow[];
  show_da2: boolean;
  file_name?: string;
}

/** The file name from Content-Disposition (filename*=UTF-8'' first), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]);
  const plain = disposition?.match(/filename="([^"]+)"/i);
  return plain ? plain[1] : fallback;
}

/** The preview's rows, loaded each time the dialog opens. */
function usePreview(reportId: number, open: boolean) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  useEffect(() => {
    if (!open) return;
    setState("loading");
    api<Preview>(`/api/da-daily-report/${reportId}/pdf-preview/`, { quiet: true })
      .then((p) => {
        setPreview(p);
        setState("ready");
      })
      .catch(() => setState("error"));
  }, [open, reportId]);
  return { preview, state };
}

/** Fetches the PDF and saves it under the server's file name; throws when the server refuses. */
async function downloadPdf(reportId: number, fallbackName: string): Promise<void> {
  const res = await fetch(`/api/da-daily-report/${reportId}/pdf/`, { credentials: "same-origin" });
  if (!res.ok) throw new Error(String(res.status));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = fileNameOf(res.headers.get("content-disposition"), fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function PdfPreview(
  { reportId, open, onClose }: { reportId: number; open: boolean; onClose: () => void },
) {
  const { preview, state } = usePreview(reportId, open);
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    toast("info", "Generating PDF...");
    try {
      await downloadPdf(reportId, preview?.file_name ?? "DA Tracker.pdf");
      onClose();
    } catch {
      toast("error", "Something was wrong!");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Table preview"
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>Cancel</button>
          <button
            type="button"
            className="btn-primary"
            disabled={busy || state !== "ready"}
            onClick={download}
            data-testid="pdf-download"
          >
            Download
          </button>
        </>
      }
    >
      {state === "loading"
        ? <p className="py-6 text-center text-sm text-slate-500">Loading the preview…</p>
        : null}
      {state === "error"
        ? <p className="py-6 text-center text-sm text-red-700">Something was wrong! Close and try again.</p>
        : null}
      {state === "ready" && preview ? <PreviewTable preview={preview} /> : null}
    </Modal>
  );
}

/** The sheet's title and rows as the PDF prints them. */
function PreviewTable({ preview }: { preview: Preview }) {
  const heads = ["#", "Fleet No.", "Route", "Wave", "DA", ...(preview.show_da2 ? ["DA 2"] : [])];
  return (
    <>
      {preview.file_name
        ? <p className="mb-3 text-sm font-medium text-slate-700">{preview.file_name.replace(/\.pdf$/, "")}</p>
        : null}
      {preview.rows.length === 0
        ? (
          <p className="py-6 text-center text-sm text-slate-500" data-testid="pdf-preview-empty">
            No row to print yet: the sheet lists rows whose DA status is Confirmed.
          </p>
        )
        : (
          <div className="overflow-x-auto">
            <table className="data-table" data-testid="pdf-preview">
              <thead>
                <tr>{heads.map((h) => <th key={h}>{h}</th>)}</tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.number}>
                    <td className="tabular-nums">{r.number}</td>
                    <td>{r.fleet_no}</td>
                    <td>{r.route}</td>
                    <td>{r.wave}</td>
                    <td>{r.da}</td>
                    {preview.show_da2 ? <td>{r.da2}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </>
  );
}
