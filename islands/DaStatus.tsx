import { useState } from "react";
import type { DaDto, SpotDto } from "../lib/das/dto.ts";
import type { PersonRef } from "../lib/users/person-ref.ts";
import type { StationDto } from "../lib/stations/dto.ts";
import { canChangeFrom, filterStatuses, settableStatuses } from "../lib/das/policy.ts";
import { api } from "./client/api.ts";
import { type PagedData, useList } from "./client/useList.ts";
import DataTable from "./ui/DataTable.tsx";
import FilterBar, { type FilterField } from "./ui/FilterBar.tsx";
import BulkBar from "./ui/BulkBar.tsx";
import { useBulk } from "./ui/useBulk.ts";
import { DA_CARD_ORDERINGS, DaCard, type DaCells, daColumns, fullName } from "./das/columns.tsx";
import DaDetail from "./das/DaDetail.tsx";
import SpotEditor from "./SpotEditor.tsx";
import { reactIsland } from "./ui/island.ts";

export const DA_DEFAULTS: Record<string, string> = {
  page: "1",
  page_size: "10",
  ordering: "-id",
  in_station: "",
  status: "",
  search: "",
  driver_license: "",
  badge: "",
};

interface Option {
  id: number;
  name: string;
}

function filterFields(role: number, stations: StationDto[]): FilterField[] {
  return [
    {
      kind: "select",
      key: "in_station",
      id: "f-station",
      label: "Station",
      all: stations.length > 1 ? "All my stations" : "My station",
      options: stations.map((s) => ({ value: String(s.id), label: `${s.tag} · ${s.title}` })),
    },
    {
      kind: "select",
      key: "status",
      label: "Status",
      all: "All statuses",
      options: filterStatuses(role).map((s) => ({ value: String(s.id), label: s.label })),
    },
    {
      kind: "search",
      key: "search",
      label: "Search",
      placeholder: "Name, transporter ID or e-mail",
      wide: true,
    },
    { kind: "search", key: "driver_license", id: "f-licence", label: "Driver licence", placeholder: "Any" },
    { kind: "search", key: "badge", label: "Badge", placeholder: "Any" },
  ];
}

/** The DA status register (03 section 2.9): filters, sorting, paging, bulk status change, spots, history. */
export default function DaStatus(p: {
  role: number;
  stations: StationDto[];
  agencies: Option[];
  fleetGroups: Option[];
  timeZone: string;
  canExport: boolean;
  canEditTid: boolean;
  canEditSpots: boolean;
  initialQuery: Record<string, string>;
  initialData: PagedData<DaDto> | null;
}) {
  const list = useList<DaDto>("/api/driver-model/", DA_DEFAULTS, {
    query: p.initialQuery,
    data: p.initialData,
  });
  const bulk = useBulk(list.query, {
    done: (n) => (n === 1 ? "Driver status was changed!" : "Driver statuses was changed!"),
    failed: (n) => (n === 1 ? "Failed to update driver status" : "Failed to update drivers status"),
  });
  const [status, setStatus] = useState("");
  const [reason, setReason] = useState("");
  const [openId, setOpenId] = useState<number | null>(null);
  const [spotsFor, setSpotsFor] = useState<DaDto | null>(null);
  const open = list.data.results.find((d) => d.id === openId) ?? null;

  async function apply() {
    const note = reason.trim() ? { reason: reason.trim() } : {};
    const changed = await bulk.run(async (ids) => {
      const res = await api<{ date: string; editor: PersonRef; changed: number[]; is_active: boolean }>(
        "/api/updates-multiple-users/",
        { method: "POST", quiet: true, json: { id_list: ids, status: Number(status), ...note } },
      );
      const done = new Set(res.changed);
      list.replaceRows(
        list.data.results.filter((d) => done.has(d.id)).map((d) => ({
          ...d,
          status: Number(status),
          is_active: res.is_active,
          last_status_change: res.date,
          last_status_changed_by: res.editor,
        })),
      );
    });
    if (changed) {
      setStatus("");
      setReason("");
    }
  }

  function spotsSaved(daId: number, spots: SpotDto[]) {
    const row = list.data.results.find((d) => d.id === daId);
    if (row) list.replaceRows([{ ...row, station_spots: spots }]);
  }

  const cells: DaCells = {
    timeZone: p.timeZone,
    canEditTid: p.canEditTid,
    onOpen: (d) => setOpenId(d.id),
    onSaved: (d) => list.replaceRows([d]),
    onSpots: p.canEditSpots ? setSpotsFor : null,
  };
  return (
    <div className="space-y-4">
      <FilterBar
        testId="da-filters"
        fields={filterFields(p.role, p.stations)}
        query={list.query}
        onChange={list.setQuery}
        gridClass="lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,0.8fr)]"
        exportFrom={p.canExport ? "/api/driver-model/export/" : undefined}
      />
      <section className="card overflow-hidden" aria-label="DAs">
        <BulkBar
          count={bulk.selected.size}
          noun={["DA", "DAs"]}
          hint="Tick DAs to change their status."
          label="Change status of ticked DAs"
          busy={bulk.busy}
          error={bulk.error}
          ready={status !== ""}
          submitLabel="Change status"
          onSubmit={apply}
          onClear={bulk.clear}
        >
          <div>
            <label htmlFor="bulk-status" className="field-label">New status</label>
            <select
              id="bulk-status"
              className="field-input min-w-36"
              value={status}
              disabled={bulk.busy}
              onChange={(e) => setStatus(e.target.value)}
              data-testid="bulk-status"
            >
              <option value="">Choose…</option>
              {settableStatuses(p.role).map((s) => <option key={s.id} value={String(s.id)}>{s.label}
              </option>)}
            </select>
          </div>
          <div>
            <label htmlFor="bulk-reason" className="field-label">
              Reason <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <input
              id="bulk-reason"
              className="field-input w-48 sm:w-56"
              maxLength={200}
              value={reason}
              disabled={bulk.busy}
              placeholder="Kept in the history"
              onChange={(e) => setReason(e.target.value)}
              data-testid="bulk-reason"
            />
          </div>
        </BulkBar>
        <DataTable
          testId="da"
          columns={daColumns(cells)}
          card={(d) => <DaCard d={d} c={cells} />}
          cardOrderings={DA_CARD_ORDERINGS}
          rows={list.data.results}
          state={list.state}
          ordering={list.query.ordering || "-id"}
          onOrder={(o) => list.setQuery({ ordering: o })}
          selection={{
            selected: bulk.selected,
            onToggle: bulk.onToggle,
            refusal: (
              d,
            ) => (canChangeFrom(p.role, d.status) ? null : "Only a manager can change this DA's status"),
            label: (d) => `Tick ${fullName(d)}`,
            allLabel: "Tick all DAs on this page",
          }}
          empty={{
            title: "No DAs match these filters.",
            hint: "Change or clear the filters to see more of your DAs.",
            icon: "da-status",
          }}
          failed="The DA list could not be loaded."
          onRetry={list.reload}
          paging={list.paging}
          stickyHeader
        />
      </section>
      <DaDetail da={open} timeZone={p.timeZone} onClose={() => setOpenId(null)} onSpots={cells.onSpots} />
      <SpotEditor
        da={spotsFor}
        stations={p.stations}
        agencies={p.agencies}
        fleetGroups={p.fleetGroups}
        onClose={() => setSpotsFor(null)}
        onSaved={spotsSaved}
      />
    </div>
  );
}

reactIsland(DaStatus);
