// The availability tracker (02 "Tracker"): per-DA counts for a station and period, searched and sorted on
// the loaded rows (one station's DAs: a few hundred at most), each count coloured by the thresholds of
// lib/availability/calc.ts. The period lives in the URL so a reload or a shared link shows the same view.
import { replaceUrl } from "../client/router.ts";
import { useMemo, useRef, useState } from "react";
import type { StationDto } from "../../lib/stations/dto.ts";
import type { TrackerDataDto, TrackerRowDto } from "../../lib/availability/dto.ts";
import {
  type Colour,
  countColour,
  type CountField,
  searchRows,
  sortRows,
} from "../../lib/availability/calc.ts";
import { api } from "../client/api.ts";
import type { ListState } from "../client/useList.ts";
import DataTable, { type Column } from "../ui/DataTable.tsx";
import { orDash } from "../ui/Tag.tsx";
import TrackerPeriod, { type TrackerQueryState } from "./TrackerPeriod.tsx";
import { reactIsland } from "../ui/island.ts";

const TONE: Record<Colour, string> = {
  green: "bg-emerald-100 text-emerald-800",
  yellow: "bg-amber-100 text-amber-800",
  red: "bg-red-100 text-red-700",
};

function Count({ row, field }: { row: TrackerRowDto; field: CountField }) {
  const colour = countColour(field, row);
  return (
    <span
      className={`inline-block min-w-[2.5rem] rounded px-2 py-0.5 text-center font-medium tabular-nums ${
        TONE[colour]
      }`}
      data-field={field}
      data-colour={colour}
    >
      {row[field]}
    </span>
  );
}

const COUNTS: [string, CountField][] = [
  ["# of Availability", "availability_count"],
  ["# of Shifts", "actual_shifts"],
  ["# of Confirmed", "confirmed"],
  ["# of Rejection", "rejected"],
  ["# of Client Cancelations", "client_cancelled"],
  ["# of MYCU Cancelations", "mycu_cancelled"],
];

const COLUMNS: Column<TrackerRowDto>[] = [
  { header: "DA", sort: "name", cell: (r) => <span className="font-medium text-slate-800">{r.name}</span> },
  { header: "Badge", cell: (r) => orDash(r.badge) },
  { header: "Transporter ID", cell: (r) => orDash(r.transporter_id) },
  ...COUNTS.map(([header, field]): Column<TrackerRowDto> => ({
    header,
    sort: field,
    cell: (r) => <Count row={r} field={field} />,
  })),
];

function Card(r: TrackerRowDto) {
  return (
    <>
      <div className="font-medium text-slate-800">{r.name}</div>
      <div className="text-xs text-slate-500">
        Badge {r.badge ?? "—"} · {r.transporter_id ?? "no transporter id"}
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 pt-1">
        {COUNTS.map(([label, field]) => (
          <div key={field} className="flex items-center justify-between gap-2">
            <dt className="text-xs text-slate-500">{label.replace("# of ", "")}</dt>
            <dd>
              <Count row={r} field={field} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function queryString(q: TrackerQueryState): string {
  const p = new URLSearchParams({ station: String(q.station), year: String(q.year) });
  if (q.month !== null) p.set("month", String(q.month));
  if (q.week !== null) p.set("week", String(q.week));
  return p.toString();
}

export default function AvailabilityTracker({ stations, initialQuery, initialData, thisYear }: {
  stations: StationDto[];
  initialQuery: TrackerQueryState;
  initialData: TrackerRowDto[];
  thisYear: number;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [rows, setRows] = useState(initialData);
  const [state, setState] = useState<ListState>("success");
  const [search, setSearch] = useState("");
  const [ordering, setOrdering] = useState("created");
  const latest = useRef(0);

  const load = async (q: TrackerQueryState) => {
    setQuery(q);
    replaceUrl(`?${queryString(q)}`);
    const ticket = ++latest.current;
    setState("loading");
    try {
      const res = await api<TrackerDataDto>(`/api/statistic/?statistic=tracker_data&${queryString(q)}`);
      if (ticket !== latest.current) return;
      setRows(res.data);
      setState("success");
    } catch {
      if (ticket === latest.current) setState("error");
    }
  };

  const shown = useMemo(() => sortRows(searchRows(rows, search), ordering), [rows, search, ordering]);
  return (
    <div className="card">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4">
        <TrackerPeriod stations={stations} value={query} thisYear={thisYear} onChange={(q) => void load(q)} />
        <label className="flex flex-col">
          <span className="field-label">Search</span>
          <input
            type="search"
            className="field-input w-64 max-w-full"
            placeholder="DA name or transporter ID"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="tracker-search"
          />
        </label>
      </div>
      <DataTable
        testId="availability"
        columns={COLUMNS}
        rows={shown}
        state={state}
        ordering={ordering}
        onOrder={setOrdering}
        card={Card}
        cardOrderings={[["created", "Created"], ["name", "DA"], ["-actual_shifts", "Most shifts"], [
          "-rejected",
          "Most rejections",
        ]]}
        empty={search
          ? { title: "No DA matches the search", hint: "Search by name or transporter ID." }
          : { title: "No DAs at this station", hint: "DAs with a spot at the station show here." }}
        failed="The tracker could not be loaded."
        onRetry={() => void load(query)}
        stickyHeader
      />
    </div>
  );
}

reactIsland(AvailabilityTracker);
