// The month's table: the page's nine columns, the invoice cell editable, rate and invoice coloured by the
// 5 % rule, and a footer that stays in view with the sums judged by the same rule. Below 1024 px Company,
// Model and Vin give way (the xlsx keeps them), so the amounts stay on screen at 700 px.
import type { ReactNode } from "react";
import type { FleetReportRowDto } from "../../lib/fleet-reports/dto.ts";
import { agreement, totals } from "../../lib/fleet-reports/calc.ts";
import { AGREEMENT_CLASS, agreementText, money } from "./format.ts";
import InvoiceCell from "./InvoiceCell.tsx";

const WIDE = "hidden lg:table-cell";

interface Col {
  header: string;
  className?: string;
  /** Classes of the cells only. */
  tdClass?: string;
  cell: (r: FleetReportRowDto) => ReactNode;
}

const TEXT_COLUMNS: Col[] = [
  { header: "Company", className: WIDE, cell: (r) => r.company },
  { header: "Model", className: WIDE, cell: (r) => r.model },
  { header: "Station", cell: (r) => r.station },
  { header: "Size", cell: (r) => r.size },
  { header: "Van", tdClass: "font-medium text-slate-900", cell: (r) => r.van },
  { header: "Plate", cell: (r) => r.plate },
  { header: "Vin", className: WIDE, tdClass: "font-mono text-xs", cell: (r) => r.vin },
];

export default function ReportTable({ rows, year, month, canEdit, onSaved }: {
  rows: FleetReportRowDto[];
  year: number;
  month: number;
  canEdit: boolean;
  onSaved: (row: FleetReportRowDto) => void;
}) {
  const sum = totals(rows);
  const label = `Total · ${rows.length} ${rows.length === 1 ? "van" : "vans"}, ${sum.invoiced} invoiced`;
  const footTitle = agreementText(sum.agreement, sum.rateCents, sum.invoiced ? sum.invoiceCents : null);
  return (
    <div className="max-h-[calc(100dvh-13rem)] overflow-auto">
      <table className="data-table [&_td]:align-middle" data-testid="fleet-report-table">
        <thead>
          <tr>
            {TEXT_COLUMNS.map((c) => <th key={c.header} className={c.className}>{c.header}</th>)}
            <th className="text-right">Monthly Rate</th>
            <th className="text-right">Actual Invoice Rate</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const a = agreement(r.rate_cents, r.invoice_cents);
            const title = agreementText(a, r.rate_cents, r.invoice_cents);
            return (
              <tr key={r.id} data-testid="fleet-report-row" data-van={r.van} data-agreement={a}>
                {TEXT_COLUMNS.map((c) => (
                  <td
                    key={c.header}
                    className={[c.className, c.tdClass].filter(Boolean).join(" ") || undefined}
                  >
                    {c.cell(r)}
                  </td>
                ))}
                <td className="text-right tabular-nums">
                  <span
                    className={`-mx-1 inline-block rounded px-1 py-1 ${AGREEMENT_CLASS[a]}`}
                    title={title}
                    data-testid="rate-cell"
                  >
                    {r.rate_cents === null
                      ? <span className="text-slate-500">No rate</span>
                      : money(r.rate_cents)}
                  </span>
                </td>
                <td className="text-right">
                  <InvoiceCell
                    row={r}
                    year={year}
                    month={month}
                    disabled={!canEdit}
                    onSaved={onSaved}
                    className={AGREEMENT_CLASS[a]}
                    title={title}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="sticky bottom-0 z-10">
          <tr className="bg-slate-100 font-semibold text-slate-900" data-testid="fleet-report-totals">
            <td className={`border-t border-slate-300 px-3 py-2 ${WIDE}`} colSpan={7}>{label}</td>
            <td className="border-t border-slate-300 px-3 py-2 lg:hidden" colSpan={4}>{label}</td>
            <td
              className="border-t border-slate-300 px-3 py-2 text-right tabular-nums"
              data-testid="total-rate"
            >
              <span
                className={`-mx-1 inline-block rounded px-1 ${AGREEMENT_CLASS[sum.agreement]}`}
                title={footTitle}
              >
                {money(sum.rateCents)}
              </span>
            </td>
            <td
              className="border-t border-slate-300 px-3 py-2 text-right tabular-nums"
              data-testid="total-invoice"
            >
              <span
                className={`-mx-1 inline-block rounded px-1 ${AGREEMENT_CLASS[sum.agreement]}`}
                title={footTitle}
                data-agreement={sum.agreement}
              >
                {money(sum.invoiceCents)}
              </span>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
