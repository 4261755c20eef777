import { useState } from "react";
import type { VanDto } from "../lib/vans/dto.ts";
import { statusChangeRefusal } from "../lib/vans/policy.ts";
import { api, ApiError } from "./client/api.ts";
import { toast } from "./client/toast.ts";
import Pager from "./ui/Pager.tsx";
import { type PagedData, useList } from "./client/useList.ts";
import VanFilters, { type StationOption } from "./vans/VanFilters.tsx";
import BulkStatusBar from "./vans/BulkStatusBar.tsx";
import { pickBody } from "./vans/StatusPicker.tsx";
import VanTable from "./vans/VanTable.tsx";
import VanDetail from "./vans/VanDetail.tsx";

export const FLEET_DEFAULTS: Record<string, string> = {
  page: "1",
  page_size: "10",
  ordering: "-id",
  station: "",
  status: "",
  plate_number: "",
  van_number: "",
};

/** The fleet status register (03 section 2.10): filters, sorting, paging, bulk status change, row detail. */
export default function FleetStatus({ role, stations, timeZone, canExport, initialQuery, initialData }: {
  role: number;
  stations: StationOption[];
  timeZone: string;
  canExport: boolean;
  initialQuery: Record<string, string>;
  initialData: PagedData<VanDto>;
}) {
  const list = useList<VanDto>("/api/van/", FLEET_DEFAULTS, { query: initialQuery, data: initialData });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [open, setOpen] = useState<VanDto | null>(null);
  const selectable = (v: VanDto) => statusChangeRefusal(role, v.status, v.status) === null;

  function toggle(ids: number[], on: boolean) {
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  }

  async function apply(status: string, reason: string): Promise<boolean> {
    const ids = [...selected];
    setBusy(true);
    setBulkError(null);
    try {
      await api("/api/van/bulk-status/", {
        method: "POST",
        json: { id_list: ids, ...pickBody(status, reason) },
        quiet: true,
      });
      toast("success", ids.length > 1 ? "Fleet statuses was changed!" : "Fleet status was changed!");
      setSelected(new Set());
      list.reload();
      return true;
    } catch (err) {
      toast("error", "Failed to update fleet status");
      if (err instanceof ApiError && typeof err.body.detail === "string") setBulkError(err.body.detail);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const page = Number(list.query.page) || 1;
  const pageSize = Number(list.query.page_size) || 10;
  return (
    <div className="space-y-4">
      <VanFilters
        query={list.query}
        stations={stations}
        canExport={canExport}
        onChange={(patch) => {
          // Ticks follow what is on screen: a new filter starts a new selection.
          setSelected(new Set());
          setBulkError(null);
          list.setQuery(patch);
        }}
      />
      <section className="card overflow-hidden" aria-label="Fleet">
        <BulkStatusBar
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
        <VanTable
          rows={list.data.results}
          state={list.state}
          ordering={list.query.ordering || "-id"}
          onOrder={(o) => list.setQuery({ ordering: o })}
          selected={selected}
          selectable={selectable}
          onToggle={toggle}
          onOpen={setOpen}
          onRetry={list.reload}
          timeZone={timeZone}
        />
        <div className="border-t border-slate-200">
          <Pager
            page={page}
            pageSize={pageSize}
            count={list.data.count}
            onPage={(p) => list.setQuery({ page: String(p) })}
            onPageSize={(s) => list.setQuery({ page_size: String(s) })}
          />
        </div>
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
