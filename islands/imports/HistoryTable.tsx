import { Fragment } from "react";
import type { ImportRowDto } from "../../lib/imports/dto.ts";
import { formatTimestamp } from "../../lib/dates/format.ts";
import { kindLabel } from "./dialogs.ts";

export function ImportStatus({ status }: { status: ImportRowDto["status"] }) {
  return status === "imported"
    ? (
      <span
        className="inline-block whitespace-nowrap rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800"
        data-testid="import-status"
      >
        Imported
      </span>
    )
    : (
      <span
        className="inline-block whitespace-nowrap rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700"
        data-testid="import-status"
      >
        Replaced
      </span>
    );
}

/** A file name that may wrap after its underscores and dashes rather than anywhere. */
export function BreakableName({ name }: { name: string }) {
  return (
    <>
      {name.split(/(?<=[_-])/).map((part, i) => (
        <Fragment key={i}>
          {i ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** The import history (01 "Import page"): ID, file name, uploader, uploaded date, and what each file holds. */
export default function HistoryTable({ rows, state, timeZone, onOpen, onRetry }: {
  rows: ImportRowDto[];
  state: "loading" | "success" | "error";
  timeZone: string;
  onOpen: (id: number) => void;
  onRetry: () => void;
}) {
  return (
    <div
      className={`overflow-x-auto ${
        state === "loading" ? "opacity-60 transition-opacity" : "transition-opacity"
      }`}
      aria-busy={state === "loading"}
    >
      {/* Rows need the width (the card scrolls sideways below it); 'Empty' stays centred in the card. */}
      <table className={`data-table ${rows.length ? "min-w-[880px]" : ""}`} data-testid="import-table">
        <thead>
          <tr>
            <th className="w-16">ID</th>
            <th>File name</th>
            <th>Uploader</th>
            <th className="whitespace-nowrap">Uploaded date</th>
            <th>Station</th>
            <th>Week</th>
            <th className="text-right">Rows</th>
            <th className="whitespace-nowrap">No DA</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0
            ? (
              <tr>
                <td colSpan={9} className="text-center" data-testid="import-empty">
                  {state === "error"
                    ? (
                      <div className="py-10">
                        <p className="font-medium text-slate-700">The import history could not be loaded.</p>
                        <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
                          Try again
                        </button>
                      </div>
                    )
                    : <div className="py-10 font-medium text-slate-500">Empty</div>}
                </td>
              </tr>
            )
            : rows.map((r) => (
              <tr
                key={r.id}
                data-testid="import-row"
                data-import-id={r.id}
                className={`cursor-pointer ${r.status === "replaced" ? "text-slate-500" : ""}`}
                onClick={() => onOpen(r.id)}
              >
                <td className="tabular-nums text-slate-500">{r.id}</td>
                <td className="min-w-56 max-w-96">
                  <button
                    type="button"
                    className="block max-w-full text-left font-medium text-brand-600 [overflow-wrap:anywhere] hover:underline"
                    title={r.file_name}
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(r.id);
                    }}
                    data-testid="import-open"
                  >
                    <BreakableName name={r.file_name} />
                  </button>
                  <div className="text-xs text-slate-500">{kindLabel(r.kind)}</div>
                </td>
                <td className="max-w-56 truncate" title={r.uploader.email ?? ""}>
                  {r.uploader.email ?? <span className="text-slate-500">—</span>}
                </td>
                <td className="whitespace-nowrap tabular-nums">
                  {formatTimestamp(r.uploaded_at, timeZone)}
                </td>
                <td>
                  <span
                    className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700"
                    title={r.station.title}
                  >
                    {r.station.tag}
                  </span>
                </td>
                <td className="whitespace-nowrap tabular-nums">{r.week}</td>
                <td className="text-right tabular-nums">{r.rows.toLocaleString("en-US")}</td>
                <td className="tabular-nums">
                  {r.unmatched > 0
                    ? (
                      <span
                        className="font-medium text-amber-700"
                        title="Transporter IDs in the file that no DA holds"
                      >
                        {r.unmatched} ID{r.unmatched === 1 ? "" : "s"}
                      </span>
                    )
                    : <span className="text-slate-500">—</span>}
                </td>
                <td>
                  <ImportStatus status={r.status} />
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
