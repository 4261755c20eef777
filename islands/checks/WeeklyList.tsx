// The weekly check list both customers share (/check and /check-ikea, 03 sections 2.1 and 2.4): station
// picker and From/To range, a sticky header with an S / # pair per scored measure and any single columns,
// the Average row when the list has one, a row per week ('week_number+1.year') with 'Open week', the empty
// and failed states, and the pager. Each screen gives its columns and cells (CheckList.tsx, IkeaList.tsx).
import type { ReactNode } from "react";
import type { StationChoice } from "../../lib/checks/dto.ts";
import { type Colour, shown, weekLabel } from "../../lib/checks/calc.ts";
import type { useList } from "../client/useList.ts";
import DateInput from "../ui/DateInput.tsx";
import Pager from "../ui/Pager.tsx";
import { COLOUR_CLASS } from "./cells.tsx";

type Week = { id: number; week_number: number; year: number };

/** A scored measure: its S cell (coloured) and # cell, and the two figures of the Average row. */
export interface PairColumn<R, A> {
  key: string;
  label: string;
  title: string;
  tone: (r: R) => Colour;
  score: (r: R) => ReactNode;
  off: (r: R) => ReactNode;
  average: (a: A) => [number | null, number | null];
}

/** A column of one cell (the IKEA list's typed figures). */
export interface SingleColumn<R, A> {
  key: string;
  label: string;
  title: string;
  cell: (r: R) => ReactNode;
  average: (a: A) => number | null;
}

export default function WeeklyList<R extends Week, A>({
  prefix,
  stations,
  list,
  average,
  pairs,
  singles = [],
  openHref,
  empty,
  failed,
  tools,
}: {
  /** test ids and names: `${prefix}-list`, `-station`, `-from`, `-to`, `-table`, `-average`, `-row`, `-open` */
  prefix: string;
  stations: StationChoice[];
  list: ReturnType<typeof useList<R>>;
  average: A | null;
  pairs: PairColumn<R, A>[];
  singles?: SingleColumn<R, A>[];
  openHref: (r: R) => string;
  empty: string;
  failed: string;
  /** buttons at the end of the bar (the AMZN upload) */
  tools?: ReactNode;
}) {
  const rows = list.data.results;
  const idAttribute = (r: R) => ({ [`data-${prefix}-id`]: r.id });
  return (
    <div className="card" data-testid={`${prefix}-list`}>
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-3 py-3">
        <label className="text-sm">
          <span className="field-label">Station</span>
          <select
            className="field-input py-1.5"
            value={list.query.station || String(stations[0]?.id ?? "")}
            onChange={(e) => list.setQuery({ station: e.target.value })}
            data-testid={`${prefix}-station`}
          >
            {stations.map((s) => <option key={s.id} value={s.id}>{s.title} ({s.tag})</option>)}
          </select>
        </label>
        <div className="text-sm">
          <span className="field-label">From</span>
          <DateInput
            value={list.query.date_from ?? ""}
            ariaLabel="From date"
            max={list.query.date_to || undefined}
            onChange={(v) => list.setQuery({ date_from: v })}
            testId={`${prefix}-from`}
          />
        </div>
        <div className="text-sm">
          <span className="field-label">To</span>
          <DateInput
            value={list.query.date_to ?? ""}
            ariaLabel="To date"
            min={list.query.date_from || undefined}
            onChange={(v) => list.setQuery({ date_to: v })}
            testId={`${prefix}-to`}
          />
        </div>
        {tools}
      </div>
      <div
        className={`max-h-[calc(100dvh-12rem)] overflow-auto ${list.state === "loading" ? "opacity-60" : ""}`}
      >
        <table className="data-table check-table text-xs" data-testid={`${prefix}-table`}>
          <thead className="sticky top-0 z-10 bg-white">
            <tr>
              <th rowSpan={2} className="sticky left-0 bg-white">Date</th>
              {pairs.map((c) => (
                <th key={c.key} colSpan={2} className="text-center" title={c.title}>
                  <abbr title={c.title} className="no-underline">{c.label}</abbr>
                </th>
              ))}
              {singles.map((c) => (
                <th key={c.key} rowSpan={2} className="text-right" title={c.title}>{c.label}</th>
              ))}
              <th rowSpan={2}>
                <span className="sr-only">Open</span>
              </th>
            </tr>
            <tr>
              {pairs.flatMap((c) => [
                <th key={`${c.key}-s`} className="text-right" title="Current Score">S</th>,
                <th key={`${c.key}-n`} className="text-right" title="DA off target">#</th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {average
              ? (
                <tr className="bg-slate-50 font-semibold" data-testid={`${prefix}-average`}>
                  <td className="sticky left-0 bg-slate-50">Average</td>
                  {pairs.flatMap((c) => {
                    const [s, n] = c.average(average);
                    return [
                      <td key={`${c.key}-s`} className="text-right tabular-nums">{shown(s)}</td>,
                      <td key={`${c.key}-n`} className="text-right tabular-nums">{shown(n)}</td>,
                    ];
                  })}
                  {singles.map((c) => (
                    <td key={c.key} className="text-right tabular-nums">{shown(c.average(average))}</td>
                  ))}
                  <td />
                </tr>
              )
              : null}
            {rows.map((r) => (
              <tr key={r.id} className="[&>*]:align-middle" data-testid={`${prefix}-row`} {...idAttribute(r)}>
                <td className="sticky left-0 whitespace-nowrap bg-white font-medium">
                  {weekLabel(r.week_number, r.year)}
                </td>
                {pairs.flatMap((c) => [
                  <td
                    key={`${c.key}-s`}
                    className={`text-right tabular-nums ${COLOUR_CLASS[c.tone(r)]}`}
                    data-measure={c.key}
                  >
                    {c.score(r)}
                  </td>,
                  <td key={`${c.key}-n`} className="text-right tabular-nums">{c.off(r)}</td>,
                ])}
                {singles.map((c) => (
                  <td key={c.key} className="text-right tabular-nums" data-field={c.key}>{c.cell(r)}</td>
                ))}
                <td>
                  <a
                    className="btn-secondary whitespace-nowrap px-2 py-1"
                    href={openHref(r)}
                    data-testid={`${prefix}-open`}
                  >
                    Open week
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!rows.length && list.state !== "loading"
          ? (
            <p className="p-6 text-center text-sm text-slate-500" data-testid={`${prefix}-empty`}>
              {list.state === "error" ? failed : empty}
            </p>
          )
          : null}
      </div>
      <Pager {...list.paging} />
    </div>
  );
}
