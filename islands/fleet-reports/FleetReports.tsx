// Fleet reports (02 "Fleet reports"): a month navigator (up to the current month), the 'Van' search, the
// month's vans with their monthly rate against the actual invoice, Download (.xlsx) and a CSV import.
import { replaceUrl } from "../client/router.ts";
import { type ReactNode, useMemo, useRef, useState } from "react";
import type { FleetReportDto, FleetReportRowDto } from "../../lib/fleet-reports/dto.ts";
import { matchesVan } from "../../lib/fleet-reports/calc.ts";
import { api } from "../client/api.ts";
import MonthStepper, { MONTH_NAMES, type MonthRef } from "../ui/MonthStepper.tsx";
import Icon from "../ui/Icon.tsx";
import ImportDialog from "./ImportDialog.tsx";
import ReportTable from "./ReportTable.tsx";
import { reactIsland } from "../ui/island.ts";

type State = "ready" | "loading" | "error";

export default function FleetReports({ initial, max, canEdit }: {
  initial: FleetReportDto;
  max: MonthRef;
  canEdit: boolean;
}) {
  const [m, setM] = useState<MonthRef>({ year: initial.year, month: initial.month });
  const [rows, setRows] = useState<FleetReportRowDto[]>(initial.dataList);
  const [state, setState] = useState<State>("ready");
  const [search, setSearch] = useState("");
  const [importing, setImporting] = useState(false);
  const asked = useRef(0);

  async function load(next: MonthRef) {
    const n = ++asked.current;
    setState("loading");
    setRows([]); // the spec empties the list while a month loads
    try {
      const q = new URLSearchParams({ statistic: "fleet_reports_data", ...strings(next) });
      const data = await api<FleetReportDto>(`/api/statistic/?${q}`, { quiet: true });
      if (n !== asked.current) return; // a later month was asked for meanwhile
      setRows(data.dataList);
      setState("ready");
    } catch {
      if (n === asked.current) setState("error");
    }
  }

  function go(year: number, month: number) {
    const next = { year, month };
    setM(next);
    const url = new URL(location.href);
    url.search = new URLSearchParams(strings(next)).toString();
    replaceUrl(url.toString());
    void load(next);
  }

  const shown = useMemo(() => rows.filter((r) => matchesVan(r, search)), [rows, search]);
  const saved = (row: FleetReportRowDto) => setRows((all) => all.map((r) => (r.id === row.id ? row : r)));
  const download = `/api/fleet-reports/export/?${new URLSearchParams({
    ...strings(m),
    ...(search.trim() ? { search: search.trim() } : {}),
  })}`;
  const label = `${MONTH_NAMES[m.month - 1]} ${m.year}`;

  return (
    <div className="card" data-testid="fleet-reports">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-3 py-3">
        <MonthStepper
          year={m.year}
          month={m.month}
          max={max}
          onChange={go}
          hrefOf={(to) => `/fleet-reports?${new URLSearchParams(strings(to))}`}
        />
        <label className="flex min-w-[12rem] flex-1 items-center gap-2 text-sm text-slate-600 sm:flex-none">
          <span className="font-medium text-slate-700">Van</span>
          <input
            type="search"
            className="field-input py-1.5"
            placeholder="Number, plate or VIN"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="van-search"
          />
        </label>
        <div className="ml-auto flex flex-wrap gap-2">
          {canEdit
            ? (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => setImporting(true)}
                data-testid="import-open"
              >
                <Icon name="import" className="h-4 w-4" /> Import invoices (.csv)
              </button>
            )
            : null}
          <a
            className={`btn-primary ${
              shown.length && state === "ready" ? "" : "pointer-events-none opacity-50"
            }`}
            href={download}
            download
            aria-disabled={!shown.length || state !== "ready"}
            data-testid="download"
          >
            Download
          </a>
        </div>
      </div>
      <Body state={state} rows={rows} shown={shown} label={label} search={search} onRetry={() => load(m)}>
        <ReportTable rows={shown} year={m.year} month={m.month} canEdit={canEdit} onSaved={saved} />
      </Body>
      <ImportDialog
        open={importing}
        year={m.year}
        month={m.month}
        onClose={() => setImporting(false)}
        onImported={() => load(m)}
      />
    </div>
  );
}

const strings = (m: MonthRef) => ({ month: String(m.month), year: String(m.year) });

/** Loading, failure and the two empty cases (no vans that month; none matching the search), else the table. */
function Body({ state, rows, shown, label, search, onRetry, children }: {
  state: State;
  rows: FleetReportRowDto[];
  shown: FleetReportRowDto[];
  label: string;
  search: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (state === "loading") {
    return <p className="px-4 py-12 text-center text-sm text-slate-500" aria-busy="true">Loading {label}…</p>;
  }
  if (state === "error") {
    return (
      <div className="px-4 py-12 text-center text-sm text-slate-600" role="alert">
        <p>The fleet report of {label} could not be loaded.</p>
        <button type="button" className="btn-secondary mt-3" onClick={onRetry}>Try again</button>
      </div>
    );
  }
  if (!rows.length || !shown.length) {
    const none = !rows.length;
    return (
      <div className="px-4 py-14 text-center" data-testid="fleet-report-empty">
        <Icon name="fleet-status" className="mx-auto h-8 w-8 text-slate-300" />
        <p className="mt-3 font-medium text-slate-700">
          {none ? `No vans at your stations in ${label}` : `No van matches '${search.trim()}'`}
        </p>
        <p className="mt-1 text-sm text-slate-500">
          {none
            ? "Vans appear here for the months they are in service; add vans in Fleet status or Setup."
            : "Search by van number, plate or VIN."}
        </p>
      </div>
    );
  }
  return <>{children}</>;
}

reactIsland(FleetReports);
