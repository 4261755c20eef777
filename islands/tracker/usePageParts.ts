// The tracker page's parts beyond its rows (useTracker): the pickers' choices, the context every row reads,
// the rows as searched and sorted, and the toolbar's actions with their busy flags.
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api } from "../client/api.ts";
import { onDemand } from "../ui/Deferred.tsx";
import type { SearchLookups } from "./search.ts";
import type { PatchFields, Rec, RowContext, TrackerConstants, TrackerOptions } from "./types.ts";
import type { useTracker } from "./useTracker.ts";

export const DEFAULT_ORDERING = "created";

type TrackerState = ReturnType<typeof useTracker>;

const NO_OPTIONS: TrackerOptions = { drivers: [], staff: [], rabbits: [], dollies: [], fleet_sizes: [] };

/** The pickers' choices, loaded after the page; `load` again after an upload changed them. */
export function useTrackerOptions(reportId: number) {
  const options = useRef<TrackerOptions | null>(null);
  const load = useCallback(async () => {
    try {
      options.current = await api<TrackerOptions>(`/api/da-daily-report/${reportId}/options/`, {
        quiet: true,
      });
    } catch {
      // 02 section 8: a failed load leaves the pickers empty; the next reach for them tries nothing new.
      options.current = NO_OPTIONS;
    }
  }, [reportId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { options, load };
}

/** Driver ids on rows other than `recordId` (as DA or DA 2), saved or on their way to the server. */
function driversElsewhere(
  rows: readonly Rec[],
  pending: (id: number) => readonly PatchFields[],
  recordId: number,
): Set<number> {
  const out = new Set<number>();
  for (const r of rows) {
    if (r.id === recordId) continue;
    if (r.driver) out.add(r.driver.id);
    if (r.second_driver) out.add(r.second_driver.id);
    for (const f of pending(r.id)) {
      for (const v of [f.driver, f.second_driver]) if (typeof v === "number" && v > 0) out.add(v);
    }
  }
  return out;
}

/** Scanner ids on rows other than `recordId` (any slot), and those another report of the day holds. */
function scannersElsewhere(
  rows: readonly Rec[],
  options: TrackerOptions | null,
  recordId: number,
): Set<number> {
  const out = new Set<number>();
  const here = new Set<number>();
  for (const r of rows) {
    here.add(r.id);
    if (r.id === recordId) continue;
    for (const s of [r.rabbit_number, r.second_rabbit_number, r.dolly_number, r.second_dolly_number]) {
      if (s) out.add(s.id);
    }
  }
  // This report's rows are known better locally than by the options loaded earlier.
  for (const s of [...(options?.rabbits ?? []), ...(options?.dollies ?? [])]) {
    if (s.used_by_record !== null && !here.has(s.used_by_record)) out.add(s.id);
  }
  return out;
}

/** What every row reads and calls; built once, since the hook's functions are stable for the page's life. */
export function useRowContext(
  constants: TrackerConstants,
  stationId: number,
  options: RefObject<TrackerOptions | null>,
  t: Pick<TrackerState, "patch" | "tryPatch" | "serial" | "recordsRef" | "pending">,
  askDelete: (id: number) => void,
): RowContext {
  return useMemo<RowContext>(() => ({
    constants,
    stationId,
    options: () => options.current,
    patch: t.patch,
    tryPatch: t.tryPatch,
    serial: t.serial,
    askDelete,
    driversElsewhere: (recordId) => driversElsewhere(t.recordsRef.current, t.pending, recordId),
    scannersElsewhere: (recordId) => scannersElsewhere(t.recordsRef.current, options.current, recordId),
  }), []);
}

/**
 * The search and the sorting (search.ts), loaded when first used (issue 15: the page's script): the query
 * and the order change only once it is in (`whenSearchable`), so until then the rows show as they came, in
 * their creation order. A focus on the search box or a pointer in the grid starts it.
 */
const searchCode = onDemand(() => import("./search.ts"));
export const preloadSearch = searchCode.preload;

/** Runs `set` (the query's or the order's setter) once the search code is in: at once when it is. */
export function whenSearchable<T>(set: (v: T) => void): (v: T) => void {
  return (v) => (searchCode.now ? set(v) : void searchCode.load().then(() => set(v)));
}

/** The rows the table shows: those matching the search, in the chosen order. */
export function useVisibleRows(
  records: readonly Rec[],
  query: string,
  ordering: string,
  constants: TrackerConstants,
  stationId: number,
): readonly Rec[] {
  const lookups = useMemo<SearchLookups>(() => ({
    roleName: (id) => constants.roles.find((r) => r.id === id)?.name ?? "",
    fleetSizeTitle: (id) => constants.fleetSizeTitles[id] ?? "",
    stationId,
  }), [constants, stationId]);
  return useMemo(() => {
    const search = searchCode.now;
    if (!search) return records; // no query and the default order yet (whenSearchable)
    const found = search.filterRows(records, query, lookups);
    return ordering === DEFAULT_ORDERING ? found : search.sortRows(found, ordering, lookups);
  }, [records, query, ordering, lookups]);
}

export type BusyFlags = { add: boolean; da2: boolean; delete: boolean };

/** Runs `fn` with its toolbar button busy. */
function useBusy() {
  const [busy, setBusy] = useState<BusyFlags>({ add: false, da2: false, delete: false });
  const run = useCallback(async (key: keyof BusyFlags, fn: () => Promise<unknown>) => {
    setBusy((b) => ({ ...b, [key]: true }));
    try {
      await fn();
    } finally {
      setBusy((b) => ({ ...b, [key]: false }));
    }
  }, []);
  return { busy, run };
}

/** Makes the new row's DA the active cell once the grid has the row (the grid scrolls it into view). */
function revealNewRow(reveal: RefObject<((id: number) => void) | null>, id: number) {
  setTimeout(() => reveal.current?.(id), 0);
}

/** The toolbar's actions (Add New Record, the DA 2 switch, delete) and their busy flags; Notify has its dialog. */
export function useToolbarActions(
  t: Pick<TrackerState, "report" | "addRecord" | "pollNow" | "patchReport" | "deleteRecord">,
  reveal: RefObject<((id: number) => void) | null>,
) {
  const { busy, run } = useBusy();
  const add = () =>
    run("add", async () => {
      const rec = await t.addRecord();
      if (rec) revealNewRow(reveal, rec.id);
    });
  const toggleDa2 = () => run("da2", () => t.patchReport({ has_second_driver: !t.report.has_second_driver }));
  const remove = (id: number, done: () => void) =>
    run("delete", async () => {
      await t.deleteRecord(id);
      done();
    });
  return { busy, add, toggleDa2, remove };
}
