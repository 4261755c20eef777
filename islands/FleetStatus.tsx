import { useState } from "react";
import type { VanDto } from "../lib/vans/dto.ts";
import type { StationDto } from "../lib/stations/dto.ts";
import { statusChangeRefusal, VAN_STATUS_LABELS, VAN_STATUSES } from "../lib/vans/policy.ts";
import { api } from "./client/api.ts";
import { type PagedData, useList } from "./client/useList.ts";
import DataTable from "./ui/DataTable.tsx";
import FilterBar, { type FilterField } from "./ui/FilterBar.tsx";
import BulkBar from "./ui/BulkBar.tsx";
import { useBulk } from "./ui/useBulk.ts";
import StatusPicker, { pickBody, pickComplete } from "./vans/StatusPicker.tsx";
import { VanCard, vanColumns } from "./vans/columns.tsx";
import VanDetail from "./vans/VanDetail.tsx";
import { reactIsland } from "./ui/island.ts";

export const FLEET_DEFAULTS: Record<string, string> = {
  page: "1",
  page_size: "10",
  ordering: "-id",
  station: "",
  status: "",
  plate_number: "",
  van_number: "",
};

function filterFields(stations: StationDto[]): FilterField[] {
  return [
    {
      kind: "select",
      key: "station",
      label: "Station",
      all: stations.length > 1 ? "All my stations" : "My station",
      options: stations.map((s) => ({ value: String(s.id), label: `${s.tag} · ${s.title}` })),
    },
    {
      kind: "select",
      key: "status",
      label: "Status",
      all: "All statuses",
      options: VAN_STATUSES.map((s) => ({ value: String(s), label: VAN_STATUS_LABELS[s] })),
    },
    { kind: "search", key: "plate_number", id: "f-plate", label: "Plate number", placeholder: "Any" },
    { kind: "search", key: "van_number", id: "f-van-number", label: "Van number", placeholder: "Any" },
  ];
}

/** The fleet status register (03 section 2.10): filters, sorting, paging, bulk status change, row detail. */
export default function FleetStatus({ role, stations, timeZone, canExport, initialQuery, initialData }: {
  role: number;
  stations: StationDto[];
  timeZone: string;
  canExport: boolean;
  initialQuery: Record<string, string>;
  initialData: PagedData<VanDto>;
}) {
  const list = useList<VanDto>("/api/van/", FLEET_DEFAULTS, { query: initialQuery, data: initialData });
  const bulk = useBulk(list.query, {
    done: (n) => (n > 1 ? "Fleet statuses was changed!" : "Fleet status was changed!"),
    failed: () => "Failed to update fleet status",
  });
  const [status, setStatus] = useState("");
  const [reason, setReason] = useState("");
  const [open, setOpen] = useState<VanDto | null>(null);

  async function apply() {
    const changed = await bulk.run(async (ids) => {
      await api("/api/van/bulk-status/", {
        method: "POST",
        json: { id_list: ids, ...pickBody(status, reason) },
        quiet: true,
      });
      list.reload();
    });
    if (changed) {
      setStatus("");
      setReason("");
    }
  }

  return (
    <div className="space-y-4">
      <FilterBar
        testId="van-filters"
        fields={filterFields(stations)}
        query={list.query}
        onChange={list.setQuery}
        exportFrom={canExport ? "/api/van/export/" : undefined}
      />
      <section className="card overflow-hidden" aria-label="Fleet">
        <BulkBar
          count={bulk.selected.size}
          noun={["van", "vans"]}
          hint="Tick vans to change their status."
          label="Change status of ticked vans"
          busy={bulk.busy}
          error={bulk.error}
          ready={pickComplete(status, reason)}
          submitLabel="Change"
          onSubmit={apply}
          onClear={bulk.clear}
        >
          <StatusPicker
            role={role}
            status={status}
            reason={reason}
            idPrefix="bulk"
            disabled={bulk.busy}
            onStatus={(v) => {
              setStatus(v);
              if (v !== "2") setReason("");
            }}
            onReason={setReason}
          />
        </BulkBar>
        <DataTable
          testId="van"
          columns={vanColumns(timeZone, setOpen)}
          card={(v) => <VanCard v={v} timeZone={timeZone} onOpen={setOpen} />}
          rows={list.data.results}
          state={list.state}
          ordering={list.query.ordering || "-id"}
          onOrder={(o) => list.setQuery({ ordering: o })}
          selection={{
            selected: bulk.selected,
            onToggle: bulk.onToggle,
            refusal: (v) =>
              statusChangeRefusal(role, v.status, v.status) === null
                ? null
                : "Off Boarded vans are changed by supervisors, managers and owners",
            label: (v) => `Tick van ${v.number}`,
            allLabel: "Tick all vans on this page",
          }}
          empty={{
            title: "No vans match these filters.",
            hint: "Change or clear the filters to see more of the fleet.",
            icon: "report",
          }}
          failed="The fleet list could not be loaded."
          onRetry={list.reload}
          paging={list.paging}
          stickyHeader
        />
      </section>
      <VanDetail
        van={open}
        role={role}
        stations={stations}
        timeZone={timeZone}
        onClose={() => setOpen(null)}
        onSaved={(v) => {
          setOpen(v);
          list.reload();
        }}
      />
    </div>
  );
}

reactIsland(FleetStatus);
