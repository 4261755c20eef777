// Falcon's table (03 2.8): one column per day (per week in the annual view) and a total; the plan row
// (an input in the weekly view for the current and later weeks of this year, saved on blur), the actual
// routes, the difference (green when actual >= plan, else red), the rows by role, van size and hours,
// and a comment button per day coloured by its match flag.
import type { FalconDto } from "../../lib/falcon/dto.ts";
import {
  actualTotal,
  commentTone,
  differenceTone,
  falconRows,
  isPlanEditable,
  planCells,
  type Tone,
} from "../../lib/falcon/calc.ts";
import { formatDate, formatNumber } from "../../lib/dates/format.ts";
import { FigureInput } from "../checks/cells.tsx";

const TONE: Record<Tone, string> = {
  green: "bg-emerald-50 text-emerald-800",
  red: "bg-red-50 text-red-800",
  blue: "bg-sky-100 text-sky-800 border-sky-300",
  gray: "bg-slate-100 text-slate-600 border-slate-300",
  none: "",
};
const COMMENT_WORD: Record<Tone, string> = { green: "Yes", red: "No", blue: "Note", gray: "Add", none: "" };
const cell = "border-b border-slate-100 px-2 py-1 text-right tabular-nums";
const head = "sticky left-0 z-10 whitespace-nowrap border-b border-slate-100 bg-white px-3 py-1 text-left";

export default function FalconTable({ data, canEdit, onPlan, onComment }: {
  data: FalconDto;
  canEdit: boolean;
  onPlan: (date: string, routes: number) => Promise<void>;
  onComment: (date: string) => void;
}) {
  const cols = data.date_list;
  const plans = planCells(data);
  const rows = falconRows(data);
  const actual = rows[0];
  const planTotal = plans.some((p) => p !== null) ? plans.reduce<number>((a, p) => a + (p ?? 0), 0) : null;
  const weekly = data.period.type === "week";
  const comments = new Map(data.comment_list.map((c) => [c.report_date, c]));
  const dayColumns = data.period.type !== "annual";
  let group = "";
  return (
    <div className="card overflow-x-auto p-0" data-testid="falcon-table">
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className={`${head} bg-slate-50 py-2`}>{data.station.tag}</th>
            {cols.map((c) => (
              <th
                key={c.key}
                scope="col"
                className="border-b border-slate-200 px-2 py-2 text-right font-medium"
              >
                {c.date
                  ? (
                    <>
                      {c.day}
                      <br />
                      <span className="tabular-nums">{c.date.slice(8, 10)}-{c.date.slice(5, 7)}</span>
                    </>
                  )
                  : `W${(c.week_number ?? 0) + 1}`}
              </th>
            ))}
            <th scope="col" className="border-b border-slate-200 px-3 py-2 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="bg-brand-50/40" data-testid="falcon-row-plan">
            <th scope="row" className={`${head} font-semibold text-slate-800`}>Plan</th>
            {cols.map((c, n) => (
              <td key={c.key} className={cell}>
                {weekly && canEdit && c.date && isPlanEditable(c.date, data.today)
                  ? (
                    <FigureInput
                      key={`${data.station.id}-${c.date}-${plans[n]}`}
                      value={plans[n]}
                      label={`Planned routes ${formatDate(c.date)}`}
                      onSave={(v) => onPlan(c.date!, v ?? 0)}
                      testId={`falcon-plan-${c.date}`}
                    />
                  )
                  : <span data-testid={`falcon-plan-${c.key}`}>{formatNumber(plans[n])}</span>}
              </td>
            ))}
            <td className={`${cell} px-3 font-semibold`} data-testid="falcon-plan-total">
              {formatNumber(planTotal)}
            </td>
          </tr>
          <tr data-testid="falcon-row-actual">
            <th scope="row" className={`${head} font-semibold text-slate-800`}>{actual.label}</th>
            {actual.cells.map((v, n) => <td key={cols[n].key} className={cell}>{formatNumber(v)}</td>)}
            <td className={`${cell} px-3 font-semibold`} data-testid="falcon-actual-total">
              {formatNumber(actualTotal(data.standard_list))}
            </td>
          </tr>
          <tr data-testid="falcon-row-difference">
            <th scope="row" className={`${head} font-semibold text-slate-800`}>Difference</th>
            {actual.cells.map((v, n) => (
              <td
                key={cols[n].key}
                className={`${cell} font-medium ${TONE[differenceTone(plans[n], v)]}`}
                data-tone={differenceTone(plans[n], v)}
                data-testid={`falcon-diff-${cols[n].key}`}
              >
                {plans[n] === null ? "" : formatNumber(v - plans[n]!)}
              </td>
            ))}
            <td
              className={`${cell} px-3 font-semibold ${TONE[differenceTone(planTotal, actual.total)]}`}
              data-testid="falcon-diff-total"
            >
              {planTotal === null ? "" : formatNumber(actual.total - planTotal)}
            </td>
          </tr>
          {dayColumns
            ? (
              <tr data-testid="falcon-row-comments">
                <th scope="row" className={`${head} font-semibold text-slate-800`}>Comment</th>
                {cols.map((c) => {
                  const tone = commentTone(comments.get(c.key));
                  return (
                    <td key={c.key} className={`${cell} text-center`}>
                      <button
                        type="button"
                        className={`rounded border px-1.5 py-0.5 text-xs font-medium ${TONE[tone]} ${
                          tone === "green" ? "border-emerald-300" : tone === "red" ? "border-red-300" : ""
                        }`}
                        aria-label={`${COMMENT_WORD[tone]}: comment for ${formatDate(c.key)}`}
                        title={comments.get(c.key)?.report_comment || undefined}
                        data-tone={tone}
                        onClick={() => onComment(c.key)}
                        data-testid={`falcon-comment-${c.key}`}
                      >
                        {COMMENT_WORD[tone]}
                      </button>
                    </td>
                  );
                })}
                <td className={cell} />
              </tr>
            )
            : null}
          {rows.slice(1).map((r) => {
            const first = r.group !== group;
            group = r.group;
            return [
              first
                ? (
                  <tr key={`g-${r.group}`}>
                    <th
                      scope="rowgroup"
                      colSpan={cols.length + 2}
                      className="sticky left-0 bg-slate-50 px-3 pt-3 pb-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-600"
                    >
                      {r.group}
                    </th>
                  </tr>
                )
                : null,
              <tr key={r.key} data-testid={`falcon-row-${r.key}`}>
                <th scope="row" className={`${head} font-normal text-slate-700`}>
                  {r.label}
                  {r.hint ? <span className="ml-1 text-xs text-slate-500">({r.hint})</span> : null}
                </th>
                {r.cells.map((v, n) => (
                  <td key={cols[n].key} className={`${cell} ${v ? "text-slate-800" : "text-slate-500"}`}>
                    {v ? formatNumber(v) : "·"}
                  </td>
                ))}
                <td className={`${cell} px-3 font-medium`}>{formatNumber(r.total)}</td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}
