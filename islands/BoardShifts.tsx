import { useState } from "react";
import type { BoardReportDto } from "../lib/shifts/board/dto.ts";
import type { StationDto } from "../lib/stations/dto.ts";
import {
  activeFilterCount,
  BOARD_FILTER_KEYS,
  type BoardFilterKey,
  reportDateLabel,
} from "../lib/shifts/board/calc.ts";
import { api, ApiError, notifyError } from "./client/api.ts";
import { toast } from "./client/toast.ts";
import Pager from "./ui/Pager.tsx";
import ConfirmDialog from "./ui/ConfirmDialog.tsx";
import { type PagedData, useBoardList } from "./board/useBoardList.ts";
import TypeSwitch from "./board/TypeSwitch.tsx";
import ShiftTable from "./board/ShiftTable.tsx";
import { BOARD_DEFAULTS, chipText, type Option } from "./board/filters.ts";
import { deferred, Part, useOpened } from "./ui/Deferred.tsx";
import { reactIsland } from "./ui/island.ts";

// The create dialog validates with the shared zod schema; it, the filters drawer and the old-shifts dialog
// are loaded when first wanted (a hover or focus on their button starts it), so the board's own script
// stays small (issue 15: <= 100 KB gzip per page).
const CreateShiftModal = deferred(() => import("./board/CreateShiftModal.tsx"));
const FiltersDrawer = deferred(() => import("./board/FiltersDrawer.tsx"));
const OldShiftsModal = deferred(() => import("./board/OldShiftsModal.tsx"));

/**
 * The shift reports board (02 section 2): the viewer's stations' reports, filters in a drawer (kept in the
 * URL, counted on a badge), Create New Shift, the 'forever' delete for the two privileged roles, and the
 * Owner's 'Access to old shifts'.
 */
export default function BoardShifts(p: {
  timeZone: string;
  today: string;
  tomorrow: string;
  stations: StationDto[];
  fleetGroups: Option[];
  fleetSizes: Option[];
  defaultStation: number | null;
  canDelete: boolean;
  canBudgets: boolean;
  canGrant: boolean;
  canCreateOld: boolean;
  initialQuery: Record<string, string>;
  initialData: PagedData<BoardReportDto> | null;
  labels: Record<string, string>;
}) {
  const list = useBoardList<BoardReportDto>("/api/da-daily-report/", BOARD_DEFAULTS, {
    query: p.initialQuery,
    data: p.initialData,
  });
  const [labels, setLabels] = useState(p.labels);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const createWanted = useOpened(createOpen);
  const [grantOpen, setGrantOpen] = useState(false);
  const grantWanted = useOpened(grantOpen);
  const filtersWanted = useOpened(filtersOpen);
  const [doomed, setDoomed] = useState<BoardReportDto | null>(null);
  const [deleting, setDeleting] = useState(false);
  const options = {
    stations: p.stations.map((s) => ({ ...s })),
    fleetGroups: p.fleetGroups,
    fleetSizes: p.fleetSizes,
  };
  const count = activeFilterCount(list.query);
  const set = BOARD_FILTER_KEYS.filter((k) =>
    list.query[k] && !(k === "missing" && list.query[k] !== "true")
  );
  const clearAll = () => list.setQuery(Object.fromEntries(BOARD_FILTER_KEYS.map((k) => [k, ""])));

  async function remove() {
    if (!doomed) return;
    setDeleting(true);
    try {
      await api(`/api/da-daily-report/${doomed.id}/`, { method: "DELETE", quiet: true });
      list.remove(doomed.id);
      toast(
        "success",
        `The ${doomed.station.tag} shift report of ${reportDateLabel(doomed.report_date)} was deleted.`,
      );
      setDoomed(null);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status === 404) {
          list.remove(doomed.id);
          setDoomed(null);
        }
        notifyError(err);
      }
    } finally {
      setDeleting(false);
    }
  }

  return (
    <>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {p.canBudgets
            ? <TypeSwitch current="shifts" />
            : (
              <p className="text-sm text-slate-500" data-testid="board-count">
                {list.data.count === 1 ? "1 shift report" : `${list.data.count} shift reports`}
                {count ? " match the filters" : ""}
              </p>
            )}
          <div className="flex flex-wrap items-center gap-2">
            {p.canGrant
              ? (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => setGrantOpen(true)}
                  onPointerEnter={OldShiftsModal.preload}
                  onFocus={OldShiftsModal.preload}
                  data-testid="grant-open"
                >
                  Access to old shifts
                </button>
              )
              : null}
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setFiltersOpen(true)}
              onPointerEnter={FiltersDrawer.preload}
              onFocus={FiltersDrawer.preload}
              data-testid="filters-open"
            >
              Filters
              {count
                ? (
                  <span
                    className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
                    data-testid="filters-badge"
                  >
                    {count}
                  </span>
                )
                : null}
            </button>
            <button
              type="button"
              className="btn-primary"
              onClick={() => setCreateOpen(true)}
              onPointerEnter={CreateShiftModal.preload}
              onFocus={CreateShiftModal.preload}
              data-testid="create-open"
            >
              + Create New Shift
            </button>
          </div>
        </div>
        {set.length
          ? (
            <div className="flex flex-wrap items-center gap-2" data-testid="filter-chips">
              {set.map((k: BoardFilterKey) => (
                <span
                  key={k}
                  className="inline-flex items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-0.5 pl-3 pr-1 text-xs font-medium text-brand-900"
                  data-testid="filter-chip"
                >
                  {chipText(k, list.query[k], options, labels)}
                  <button
                    type="button"
                    className="rounded-full px-1.5 text-brand-700 hover:bg-brand-100"
                    aria-label={`Remove filter ${k}`}
                    onClick={() => list.setQuery({ [k]: "" })}
                  >
                    ×
                  </button>
                </span>
              ))}
              <button
                type="button"
                className="text-xs font-medium text-slate-600 hover:underline"
                onClick={clearAll}
              >
                Clear all
              </button>
            </div>
          )
          : null}
        <section className="card overflow-hidden" aria-label="Shift reports">
          <ShiftTable
            rows={list.data.results}
            state={list.state}
            timeZone={p.timeZone}
            canDelete={p.canDelete}
            filtered={count > 0}
            onDelete={setDoomed}
            onRetry={list.reload}
            onClearFilters={clearAll}
          />
          <div className="border-t border-slate-200">
            <Pager
              page={Number(list.query.page) || 1}
              pageSize={Number(list.query.page_size) || 10}
              count={list.data.count}
              onPage={(n) => list.setQuery({ page: String(n) })}
              onPageSize={(s) => list.setQuery({ page_size: String(s) })}
            />
          </div>
        </section>
      </div>
      {filtersWanted
        ? (
          <Part>
            <FiltersDrawer
              open={filtersOpen}
              query={list.query}
              labels={labels}
              options={options}
              onClose={() => setFiltersOpen(false)}
              onApply={(patch, names) => {
                setLabels(names);
                list.setQuery(patch);
                setFiltersOpen(false);
              }}
            />
          </Part>
        )
        : null}
      {createWanted
        ? (
          <Part>
            <CreateShiftModal
              open={createOpen}
              onClose={() => setCreateOpen(false)}
              stations={p.stations}
              defaultStation={p.defaultStation}
              today={p.today}
              tomorrow={p.tomorrow}
              canCreateOld={p.canCreateOld}
            />
          </Part>
        )
        : null}
      {p.canGrant && grantWanted
        ? (
          <Part>
            <OldShiftsModal open={grantOpen} onClose={() => setGrantOpen(false)} />
          </Part>
        )
        : null}
      <ConfirmDialog
        open={!!doomed}
        title="Delete shift report"
        confirmLabel="Delete forever"
        busy={deleting}
        onConfirm={remove}
        onClose={() => setDoomed(null)}
      >
        {doomed
          ? (
            <p>
              This will remove the <strong>{doomed.station.tag}</strong> shift report of{" "}
              <strong>{reportDateLabel(doomed.report_date)}</strong> and all its rows forever. Are you sure?
            </p>
          )
          : null}
      </ConfirmDialog>
    </>
  );
}

reactIsland(BoardShifts);
