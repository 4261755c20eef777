// The payroll screen (02 "Payroll", owner only): the period is loaded from GET get_payroll_reports (the list
// emptied and the loading flag on while it loads); user, station, role and status filter the loaded rows;
// the two download buttons open the preview whose icon saves the xlsx the server builds.
import { useMemo, useRef, useState } from "react";
import type { StationDto } from "../../lib/stations/dto.ts";
import type { PayrollReportDto, PayrollRowDto, PayrollUserDto } from "../../lib/payroll/dto.ts";
import { filterRows } from "../../lib/payroll/calc-sheet.ts";
import { api } from "../client/api.ts";
import type { ListState } from "../client/useList.ts";
import PayrollFilters from "./PayrollFilters.tsx";
import PayrollPreview from "./PayrollPreview.tsx";
import PayrollTable from "./PayrollTable.tsx";
import { DEFAULT_FILTERS, exportHref, type FilterState, periodParams, type PeriodState } from "./period.ts";
import { reactIsland } from "../ui/island.ts";

export default function Payroll({ stations, initialPeriod, initialData }: {
  stations: StationDto[];
  initialPeriod: PeriodState;
  initialData: PayrollReportDto["data"];
}) {
  const [period, setPeriod] = useState(initialPeriod);
  const [rows, setRows] = useState<PayrollRowDto[]>(initialData.dataList);
  const [users, setUsers] = useState<PayrollUserDto[]>(initialData.userList);
  const [state, setState] = useState<ListState>("success");
  const [filters, setFilters] = useState<FilterState>(DEFAULT_FILTERS);
  const [userText, setUserText] = useState("");
  const [preview, setPreview] = useState<"table" | "all" | null>(null);
  const latest = useRef(0);

  const load = async (p: PeriodState) => {
    setPeriod(p);
    const ticket = ++latest.current;
    setRows([]);
    setState("loading");
    try {
      const res = await api<PayrollReportDto>(`/api/schedule/get_payroll_reports/?${periodParams(p)}`);
      if (ticket !== latest.current) return;
      setRows(res.data.dataList);
      setUsers(res.data.userList);
      setState("success");
    } catch {
      if (ticket === latest.current) setState("error");
    }
  };

  const shown = useMemo(() =>
    filterRows(rows, {
      user: filters.user,
      stationId: filters.station === "all" ? null : filters.station,
      role: filters.role,
      status: filters.status,
    }), [rows, filters]);

  return (
    <div className="card">
      <PayrollFilters
        period={period}
        onPeriod={(p) => void load(p)}
        filters={filters}
        onFilters={setFilters}
        users={users}
        stations={stations}
        userText={userText}
        onUserText={setUserText}
      />
      <div className="flex flex-wrap items-center justify-end gap-2 border-b border-slate-200 px-4 py-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={shown.length === 0}
          title={shown.length === 0 ? "No rows to export for this period" : undefined}
          onClick={() => setPreview("table")}
          data-testid="download-table"
        >
          Download Table
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={rows.length === 0}
          title={rows.length === 0 ? "No rows for this period" : undefined}
          onClick={() => setPreview("all")}
          data-testid="download-all"
        >
          Download All Shifts
        </button>
      </div>
      <PayrollTable rows={shown} state={state} onRetry={() => void load(period)} />
      <PayrollPreview
        open={preview !== null}
        rows={preview === "all" ? rows : shown}
        href={(view) => exportHref(period, filters, preview ?? "table", view)}
        onClose={() => setPreview(null)}
      />
    </div>
  );
}

reactIsland(Payroll);
