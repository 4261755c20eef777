import type { BoardReportDto, NameRef } from "../../lib/shifts/board/dto.ts";
import { reportDateLabel, weekLabel } from "../../lib/shifts/board/calc.ts";
import { formatTimestamp } from "../../lib/dates/format.ts";
import type { ListState } from "./useBoardList.ts";

export interface ShiftTableProps {
  rows: BoardReportDto[];
  state: ListState;
  timeZone: string;
  canDelete: boolean;
  filtered: boolean;
  onDelete: (r: BoardReportDto) => void;
  onRetry: () => void;
  onClearFilters: () => void;
}

const name = (p: NameRef | null) => (p ? `${p.first_name} ${p.last_name}`.trim() : "");
const Dash = () => <span className="text-slate-500">—</span>;

function Stamp(
  { person, at, timeZone, testId }: { person: NameRef | null; at: string; timeZone: string; testId: string },
) {
  return (
    <div className="whitespace-nowrap" data-testid={testId}>
      <div>{formatTimestamp(at, timeZone)}</div>
      {person ? <div className="text-xs text-slate-500">by {name(person)}</div> : null}
    </div>
  );
}

function Actions({ r, p }: { r: BoardReportDto; p: ShiftTableProps }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <a
        href={`/das-reports/${r.id}`}
        className="btn-secondary px-2.5 py-1 text-xs"
        data-testid="report-open"
      >
        Open
      </a>
      {p.canDelete
        ? (
          <button
            type="button"
            className="btn-ghost px-2.5 py-1 text-xs text-red-700 hover:bg-red-50"
            onClick={() => p.onDelete(r)}
            aria-label={`Delete the ${r.station.tag} report of ${reportDateLabel(r.report_date)}`}
            data-testid="report-delete"
          >
            Delete
          </button>
        )
        : null}
    </div>
  );
}

function Empty({ p }: { p: ShiftTableProps }) {
  if (p.state === "error") {
    return (
      <>
        <p className="font-medium text-slate-700">The shift reports could not be loaded.</p>
        <button type="button" className="btn-secondary mt-3" onClick={p.onRetry}>Try again</button>
      </>
    );
  }
  if (p.filtered) {
    return (
      <>
        <p className="font-medium text-slate-700">No shift reports match these filters.</p>
        <button type="button" className="btn-secondary mt-3" onClick={p.onClearFilters}>Clear filters</button>
      </>
    );
  }
  return (
    <>
      <p className="font-medium text-slate-700">Empty</p>
      <p className="mt-1 text-sm text-slate-500">
        No shift reports yet. Create New Shift starts the first one.
      </p>
    </>
  );
}

/** The board (02 section 2): a table from 768 px, cards below it. */
export default function ShiftTable(p: ShiftTableProps) {
  const empty = p.rows.length === 0;
  return (
    <div
      className={p.state === "loading" ? "opacity-60 transition-opacity" : "transition-opacity"}
      aria-busy={p.state === "loading"}
    >
      <div className="hidden overflow-x-auto md:block">
        <table className="data-table [&_td]:align-middle" data-testid="board-table">
          <thead>
            <tr>
              <th className="w-16">Week</th>
              <th>Report date</th>
              <th>Station</th>
              <th>Created by</th>
              <th>Created</th>
              <th>Edited by</th>
              <th>Modified</th>
              <th className="text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            {empty
              ? (
                <tr>
                  <td colSpan={8} className="py-12 text-center" data-testid="board-empty">
                    <Empty p={p} />
                  </td>
                </tr>
              )
              : p.rows.map((r) => (
                <tr key={r.id} data-testid="board-row" data-report-id={r.id}>
                  <td className="font-mono font-semibold text-slate-700" data-testid="board-week">
                    {weekLabel(r.week_number)}
                  </td>
                  <td className="whitespace-nowrap font-medium" data-testid="board-date">
                    <a href={`/das-reports/${r.id}`} className="hover:text-brand-700 hover:underline">
                      {reportDateLabel(r.report_date)}
                    </a>
                  </td>
                  <td data-testid="board-station">
                    <span
                      className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700"
                      title={r.station.title}
                    >
                      {r.station.tag}
                    </span>
                  </td>
                  <td data-testid="board-created-by">{name(r.created_by) || <Dash />}</td>
                  <td className="whitespace-nowrap" data-testid="board-created">
                    {formatTimestamp(r.created, p.timeZone)}
                  </td>
                  <td data-testid="board-edited-by">{name(r.edited_by) || <Dash />}</td>
                  <td className="whitespace-nowrap" data-testid="board-modified">
                    {formatTimestamp(r.modified, p.timeZone)}
                  </td>
                  <td>
                    <Actions r={r} p={p} />
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden" data-testid="board-cards">
        {empty
          ? (
            <li className="px-4 py-12 text-center" data-testid="board-empty-cards">
              <Empty p={p} />
            </li>
          )
          : p.rows.map((r) => (
            <li key={r.id} className="px-4 py-3" data-testid="board-card" data-report-id={r.id}>
              <div className="flex items-start justify-between gap-3">
                <div>
                  <a
                    href={`/das-reports/${r.id}`}
                    className="font-semibold text-slate-900 hover:text-brand-700"
                  >
                    {reportDateLabel(r.report_date)}
                  </a>
                  <div className="mt-0.5 flex items-center gap-2 text-xs text-slate-500">
                    <span className="rounded bg-brand-50 px-1.5 py-0.5 font-mono font-semibold text-brand-700">
                      {r.station.tag}
                    </span>
                    <span>Week {weekLabel(r.week_number)}</span>
                  </div>
                </div>
                <Actions r={r} p={p} />
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Created</dt>
                  <dd>
                    <Stamp person={r.created_by} at={r.created} timeZone={p.timeZone} testId="card-created" />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Modified</dt>
                  <dd>
                    <Stamp
                      person={r.edited_by}
                      at={r.modified}
                      timeZone={p.timeZone}
                      testId="card-modified"
                    />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
      </ul>
    </div>
  );
}
