// The 'Table preview' modal (02 "Payroll"): 1150 px wide, 'By total' / 'By DA' views drawn from the same
// layout as the xlsx (lib/payroll/calc-sheet.ts), and a download icon fetching that xlsx from the server.
import { useState } from "react";
import type { PayrollRowDto } from "../../lib/payroll/dto.ts";
import { cellText, type PayrollView, sheetLayout, TOTAL_LABEL } from "../../lib/payroll/calc-sheet.ts";
import Icon from "../ui/Icon.tsx";
import Modal from "../ui/Modal.tsx";

const VIEWS: [PayrollView, string][] = [["total", "By total"], ["da", "By DA"]];

export default function PayrollPreview({ open, rows, href, onClose }: {
  open: boolean;
  rows: PayrollRowDto[];
  /** The xlsx endpoint for a view. */
  href: (view: PayrollView) => string;
  onClose: () => void;
}) {
  const [view, setView] = useState<PayrollView>("total");
  const { header, lines } = sheetLayout(rows, view);
  return (
    <Modal open={open} title="Table preview" onClose={onClose} maxWidth="max-w-[1150px]">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="inline-flex rounded-md border border-slate-300 p-0.5" role="group" aria-label="View">
          {VIEWS.map(([v, label]) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={`rounded px-3 py-1 text-sm ${
                view === v ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
              }`}
              onClick={() => setView(v)}
              data-testid={`preview-${v}`}
            >
              {label}
            </button>
          ))}
        </div>
        <a
          className="btn-secondary"
          href={href(view)}
          download
          aria-label="Download xlsx"
          title="Download xlsx"
          data-testid="preview-download"
        >
          <Icon name="import" className="h-4 w-4" /> <span className="hidden sm:inline">xlsx</span>
        </a>
      </div>
      <div className="overflow-x-auto">
        <table className="data-table" data-testid="preview-table">
          <thead>
            <tr>{header.map((h) => <th key={h} className="whitespace-nowrap">{h}</th>)}</tr>
          </thead>
          <tbody>
            {lines.map((line, i) =>
              line === null
                ? (
                  <tr key={i} aria-hidden="true" data-testid="preview-blank">
                    <td colSpan={header.length} className="h-6" />
                  </tr>
                )
                : (
                  <tr
                    key={i}
                    className={line[0] === TOTAL_LABEL ? "bg-slate-50 font-semibold" : ""}
                    data-testid="preview-row"
                  >
                    {line.map((c, j) => (
                      <td
                        key={j}
                        className={c !== null && typeof c === "object"
                          ? "text-right tabular-nums"
                          : "whitespace-nowrap"}
                      >
                        {cellText(c)}
                      </td>
                    ))}
                  </tr>
                )
            )}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
