// Payroll's main table (02 "Payroll"): one row per schedule entry and the sticky 'Total Hours:' footer
// summing hours, DA pay and agency pay (sums of the rounded rows, lib/payroll/calc.ts). Its own table
// rather than DataTable: it needs a footer, no paging and no sorting.
import type { PayrollRowDto } from "../../lib/payroll/dto.ts";
import { cellText, TABLE_HEADER, totalsOf } from "../../lib/payroll/calc-sheet.ts";
import { formatDate } from "../../lib/dates/format.ts";
import type { ListState } from "../client/useList.ts";

const money = (c: number | null) => (c === null ? "—" : cellText({ cents: c }));
const hours = (h: number) => cellText({ hours: h });

export default function PayrollTable({ rows, state, onRetry }: {
  rows: PayrollRowDto[];
  state: ListState;
  onRetry: () => void;
}) {
  const t = totalsOf(rows);
  if (state === "error") {
    return (
      <div className="p-8 text-center text-sm text-slate-600" data-testid="payroll-error">
        Payroll could not be loaded.{" "}
        <button type="button" className="btn-secondary ml-2" onClick={onRetry}>Try again</button>
      </div>
    );
  }
  return (
    <>
      {/* Below md the footer's sums sit off screen to the right: said once more above the table. */}
      <p
        className="border-b border-slate-200 px-4 py-2 text-sm text-slate-700 md:hidden"
        data-testid="payroll-totals-narrow"
      >
        Total Hours: <b>{hours(t.hours)}</b> · DA Pay <b>{money(t.pay)}</b> · Agency Pay{" "}
        <b>{money(t.agencyPay)}</b>
      </p>
      {/* Focusable and named: a keyboard can scroll the table (axe: scrollable-region-focusable). */}
      <div
        className="max-h-[calc(100dvh-16rem)] overflow-auto"
        aria-busy={state === "loading"}
        tabIndex={0}
        role="region"
        aria-label="Payroll rows"
      >
        <table className="data-table" data-testid="payroll-table">
          <thead className="sticky top-0 z-10 bg-white">
            <tr>
              {TABLE_HEADER.map((h, i) => (
                <th key={h} className={i >= 6 ? "text-right" : "whitespace-nowrap"}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0
              ? (
                <tr>
                  <td
                    colSpan={TABLE_HEADER.length}
                    className="py-10 text-center text-sm text-slate-500"
                    data-testid="payroll-empty"
                  >
                    {state === "loading"
                      ? "Loading…"
                      : "No shifts with a role in this period for these filters."}
                  </td>
                </tr>
              )
              : rows.map((r) => (
                <tr key={r.id} data-testid="payroll-row">
                  <td className="whitespace-nowrap font-medium text-slate-800">{r.user_name}</td>
                  <td>{r.badge ?? "—"}</td>
                  <td>{r.station}</td>
                  <td className="whitespace-nowrap">{r.agency ?? "—"}</td>
                  <td className="whitespace-nowrap tabular-nums">{formatDate(r.date)}</td>
                  <td className="whitespace-nowrap">{r.role_name}</td>
                  <td className="text-right tabular-nums">{hours(r.hours_hundredths)}</td>
                  <td className="text-right tabular-nums">{money(r.pay_rate_cents)}</td>
                  <td className="text-right tabular-nums">{money(r.pay_cents)}</td>
                  <td className="text-right tabular-nums">{money(r.agency_pay_cents)}</td>
                </tr>
              ))}
          </tbody>
          <tfoot
            className="sticky bottom-0 bg-slate-50 font-semibold text-slate-800"
            data-testid="payroll-footer"
          >
            <tr>
              <td colSpan={6}>Total Hours:</td>
              <td className="text-right tabular-nums" data-testid="total-hours">{hours(t.hours)}</td>
              <td />
              <td className="text-right tabular-nums" data-testid="total-pay">{money(t.pay)}</td>
              <td className="text-right tabular-nums" data-testid="total-agency-pay">{money(t.agencyPay)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
