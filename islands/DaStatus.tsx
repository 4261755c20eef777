import { useState } from "react";
import type { DaDto, SpotDto } from "../lib/das/dto.ts";
import type { PersonRef } from "../lib/users/person-ref.ts";
import { api, ApiError } from "./client/api.ts";
import { toast } from "./client/toast.ts";
import Pager from "./ui/Pager.tsx";
import { type PagedData, useList } from "./client/useList.ts";
import DaFilters, { type StationOption } from "./das/DaFilters.tsx";
import DaBulkBar from "./das/DaBulkBar.tsx";
import DaTable from "./das/DaTable.tsx";
import DaDetail from "./das/DaDetail.tsx";
import SpotEditor from "./SpotEditor.tsx";
import { canChangeFrom } from "../lib/das/policy.ts";

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

/** The DA status register (03 section 2.9): filters, sorting, paging, bulk status change, spots, history. */
export default function DaStatus(
  {
    role,
    stations,
    agencies,
    fleetGroups,
    timeZone,
    canExport,
    canEditTid,
    canEditSpots,
    initialQuery,
    initialData,
  }: {
    role: number;
    stations: StationOption[];
    agencies: Option[];
    fleetGroups: Option[];
    timeZone: string;
    canExport: boolean;
    canEditTid: boolean;
    canEditSpots: boolean;
    initialQuery: Record<string, string>;
    initialData: PagedData<DaDto> | null;
  },
) {
  const list = useList<DaDto>("/api/driver-model/", DA_DEFAULTS, {
    query: initialQuery,
    data: initialData,
  });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [spotsFor, setSpotsFor] = useState<DaDto | null>(null);
  const open = list.data.results.find((d) => d.id === openId) ?? null;

  function toggle(ids: number[], on: boolean) {
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  }

  function setQuery(patch: Record<string, string>) {
    setSelected(new Set());
    setBulkError(null);
    list.setQuery(patch);
  }

  async function apply(status: number, reason: string): Promise<boolean> {
    const ids = [...selected];
    const one = ids.length === 1;
    setBusy(true);
    setBulkError(null);
    try {
      const res = await api<{ date: string; editor: PersonRef; changed: number[]; is_active: boolean }>(
        "/api/updates-multiple-users/",
        { method: "POST", quiet: true, json: { id_list: ids, status, ...(reason ? { reason } : {}) } },
      );
      const changed = new Set(res.changed);
      list.replaceRows(
        list.data.results.filter((d) => changed.has(d.id)).map((d) => ({
          ...d,
          status,
          is_active: res.is_active,
          last_status_change: res.date,
          last_status_changed_by: res.editor,
        })),
      );
      toast("success", one ? "Driver status was changed!" : "Driver statuses was changed!");
      setSelected(new Set());
      return true;
    } catch (err) {
      toast("error", one ? "Failed to update driver status" : "Failed to update drivers status");
      if (err instanceof ApiError) {
        const first = Object.values(err.fieldErrors()).find((m) => m !== err.body.detail);
        setBulkError(typeof err.body.detail === "string" ? err.body.detail : first ?? null);
      }
      return false;
    } finally {
      setBusy(false);
    }
  }

  function spotsSaved(daId: number, spots: SpotDto[]) {
    const row = list.data.results.find((d) => d.id === daId);
    if (row) list.replaceRows([{ ...row, station_spots: spots }]);
  }

  const page = Number(list.query.page) || 1;
  const pageSize = Number(list.query.page_size) || 10;
  const editSpots = canEditSpots ? (d: DaDto) => setSpotsFor(d) : null;
  return (
    <div className="space-y-4">
      <DaFilters
        role={role}
        query={list.query}
        stations={stations}
        canExport={canExport}
        onChange={setQuery}
      />
      <section className="card overflow-hidden" aria-label="DAs">
        <DaBulkBar
          role={role}
          selected={selected.size}
          busy={busy}
          error={bulkError}
          onApply={apply}
          onClear={() => {
            setSelected(new Set());
            setBulkError(null);
          }}
        />
        <DaTable
          rows={list.data.results}
          state={list.state}
          ordering={list.query.ordering || "-id"}
          onOrder={(o) => setQuery({ ordering: o })}
          selected={selected}
          onToggle={toggle}
          onOpen={(d) => setOpenId(d.id)}
          onSpots={editSpots}
          canEditTid={canEditTid}
          onSaved={(d) => list.replaceRows([d])}
          onRetry={list.reload}
          timeZone={timeZone}
          canTick={(d) => canChangeFrom(role, d.status)}
        />
        <div className="border-t border-slate-200">
          <Pager
            page={page}
            pageSize={pageSize}
            count={list.data.count}
            onPage={(p) => {
              setSelected(new Set());
              list.setQuery({ page: String(p) });
            }}
            onPageSize={(s) => setQuery({ page_size: String(s) })}
          />
        </div>
      </section>
      <DaDetail da={open} timeZone={timeZone} onClose={() => setOpenId(null)} onSpots={editSpots} />
      <SpotEditor
        da={spotsFor}
        stations={stations}
        agencies={agencies}
        fleetGroups={fleetGroups}
        onClose={() => setSpotsFor(null)}
        onSaved={spotsSaved}
      />
    </div>
  );
}
