// The tracker grid's columns as data (issue 14): their ids, header words and the explanation each header
// shows on hover, the named column sets, a user's saved view made safe, and the filled/empty counts of
// the columns a dispatcher must fill. Pure: the page, the API and the island all use it.
import { isReleasedRow } from "../calc.ts";

export interface GridColumn {
  id: string;
  label: string;
  /** The header's tooltip: what the column holds (abbreviations spelt out). */
  title: string;
  /** Frozen at the left, always shown, never moved (#, DA, fleet no.). */
  frozen?: boolean;
  /** Only while the report shows a second DA. */
  da2?: boolean;
}

const col = (id: string, label: string, title: string, extra: Partial<GridColumn> = {}): GridColumn => ({
  id,
  label,
  title,
  ...extra,
});

/** Every column in its default order; the ids are the tracker's sort keys. */
export const GRID_COLUMNS: readonly GridColumn[] = [
  col("created", "#", "Row number, in the order the rows were added", { frozen: true }),
  col("driver", "DA", "Delivery associate driving this route", { frozen: true }),
  col("fleet_no", "Fleet No.", "The van's fleet number (typed only while the row has no van)", {
    frozen: true,
  }),
  col("van_group", "Van group", "The van's group"),
  col("fleet_size", "Fleet size", "Size of van the DA needs; choosing it assigns a free van"),
  col("role", "Role", "The DA's role on this shift"),
  col("role_hours", "Hours", "Role hours (typed for the roles whose hours vary)"),
  col("route", "Route", "Amazon route code"),
  col("wave", "Wave", "Wave (launch) time"),
  col("badge", "Badge", "The DA's badge number"),
  col("transporter_id", "Transporter ID", "The DA's Amazon transporter id"),
  col("da_status", "DA status", "Pending, Confirmed, Rejected or Cancelled (a DA may answer by SMS)"),
  col("second_driver", "DA 2", "Second delivery associate on the route", { da2: true }),
  col("second_da_status", "DA 2 status", "Status of the second DA", { da2: true }),
  col("actual_DA", "Actual DA", "Who actually drove, when not the planned DA"),
  col("rabbit", "Rabbit", "Rabbit scanner (handheld) given to the DA, and whether it came back"),
  col("dolly", "Dolly", "Dolly given to the DA, and whether it came back"),
  col("ontime_attendance", "Ontime", "Ontime attendance"),
  col("launchpad_support", "Launchpad", "Launchpad support"),
  col("morning_checklist", "Checklist", "Morning checklist done"),
  col("rescue", "Rescue", "Rescued: set when rescue given has a value"),
  col("violation", "Violation", "A violation was recorded"),
  col("number_of_stops", "Stops", "Number of stops"),
  col("number_of_packages", "Packages", "Number of packages"),
  col("actual_end_time", "Actual end time", "When the route actually ended (HH:MM)"),
  col("rescue_given", "Rescue given", "Packages this DA gave to a rescuer"),
  col("rescue_taken", "Rescue taken", "Packages this DA took over from another route"),
  col("uta", "UTA", "UTA: Unable To Access (inaccessible delivery location), packages returned"),
  col("utl", "UTL", "UTL: Unable To Locate (address not found), packages returned"),
  col("nsl", "NSL", "NSL: No Secure Location, packages returned"),
  col("bc", "BC", "BC: Business Closed, packages returned"),
  col("missing", "Missing", "Packages missing"),
  col("damage", "Damage", "Packages returned damaged"),
  col("fdd", "FDD", "FDD: Failed Delivery, Damaged on the route (returned), packages"),
  col("missort", "Missort", "Packages sorted to the wrong route"),
  col("oc", "OC", "OC: Object Missing or Other Carrier return, packages returned"),
  col("others", "Others", "Other returns"),
];

export const COLUMN_IDS = GRID_COLUMNS.map((c) => c.id);
export const FROZEN_IDS = GRID_COLUMNS.filter((c) => c.frozen).map((c) => c.id);

export const COLUMN_SETS = ["dispatch", "equipment", "returns", "all"] as const;
export type ColumnSet = (typeof COLUMN_SETS)[number];
export const SET_LABELS: Record<ColumnSet, string> = {
  dispatch: "Dispatch",
  equipment: "Equipment",
  returns: "Returns",
  all: "All",
};

const RETURN_IDS = ["uta", "utl", "nsl", "bc", "missing", "damage", "fdd", "missort", "oc", "others"];

/** The columns each set shows besides the frozen ones ('all' shows every column). */
const SET_COLUMNS: Record<Exclude<ColumnSet, "all">, string[]> = {
  dispatch: [
    "van_group",
    "fleet_size",
    "role",
    "role_hours",
    "route",
    "wave",
    "transporter_id",
    "da_status",
    "second_driver",
    "second_da_status",
  ],
  equipment: [
    "route",
    "da_status",
    "actual_DA",
    "rabbit",
    "dolly",
    "ontime_attendance",
    "launchpad_support",
    "morning_checklist",
  ],
  returns: [
    "route",
    "number_of_stops",
    "number_of_packages",
    "actual_end_time",
    "rescue",
    "rescue_given",
    "rescue_taken",
    "violation",
    ...RETURN_IDS,
  ],
};

export const setColumns = (set: ColumnSet): string[] =>
  set === "all" ? COLUMN_IDS.filter((id) => !FROZEN_IDS.includes(id)) : SET_COLUMNS[set];

export type Density = "normal" | "compact";

/** A user's tracker view as saved: the set, its own column order, columns switched off, density. */
export interface TrackerView {
  set: ColumnSet;
  /** Every non-frozen column in the user's order. */
  order: string[];
  /** Columns the user switched off (within any set). */
  hidden: string[];
  density: Density;
}

export const DEFAULT_VIEW: TrackerView = {
  set: "dispatch",
  order: COLUMN_IDS.filter((id) => !FROZEN_IDS.includes(id)),
  hidden: [],
  density: "normal",
};

/**
 * A saved view made safe for today's columns: unknown ids dropped, frozen ids never moved, columns added
 * since the view was saved appended in their default place at the end.
 */
export function normaliseView(saved: Partial<TrackerView> | null | undefined): TrackerView {
  const movable = DEFAULT_VIEW.order;
  const seen = (saved?.order ?? []).filter((id, i, all) => movable.includes(id) && all.indexOf(id) === i);
  return {
    set: COLUMN_SETS.includes(saved?.set as ColumnSet) ? saved!.set! : DEFAULT_VIEW.set,
    order: [...seen, ...movable.filter((id) => !seen.includes(id))],
    hidden: (saved?.hidden ?? []).filter((id, i, all) => movable.includes(id) && all.indexOf(id) === i),
    density: saved?.density === "compact" ? "compact" : "normal",
  };
}

/** The columns shown, in order: the frozen ones, then the set's in the user's order minus those hidden. */
export function visibleColumns(view: TrackerView, showDa2: boolean): string[] {
  const inSet = new Set(setColumns(view.set));
  const da2 = new Set(GRID_COLUMNS.filter((c) => c.da2).map((c) => c.id));
  const rest = view.order.filter((id) =>
    inSet.has(id) && !view.hidden.includes(id) && (showDa2 || !da2.has(id))
  );
  return [...FROZEN_IDS, ...rest];
}

/** The fields a row needs filled before its DA can drive (counted in the headers, the 'gaps' filter). */
export const REQUIRED_COLUMNS = ["driver", "fleet_no", "route", "wave"] as const;
export type RequiredColumn = (typeof REQUIRED_COLUMNS)[number];

interface GapRow {
  role: number;
  da_status: number;
  driver: unknown | null;
  van: unknown | null;
  fleet_number: string | null;
  route: string | null;
  wave_time: string | null;
}

/** Whether a required cell of the row is filled (a van counts as filled by its number or a typed one). */
export function isFilled(row: GapRow, column: RequiredColumn): boolean {
  if (column === "driver") return row.driver !== null;
  if (column === "fleet_no") return row.van !== null || !!row.fleet_number?.trim();
  if (column === "route") return !!row.route?.trim();
  return !!row.wave_time;
}

/** Rows that gave their van back (cancelled, rejected) need nothing more: they are never a gap. */
export function rowGaps(row: GapRow): RequiredColumn[] {
  if (isReleasedRow({ role: row.role, daStatus: row.da_status })) return [];
  return REQUIRED_COLUMNS.filter((c) => !isFilled(row, c));
}

/** Filled and empty counts per required column, over the rows that need them. */
export function fillCounts(
  rows: readonly GapRow[],
): Record<RequiredColumn, { filled: number; empty: number }> {
  const out = Object.fromEntries(REQUIRED_COLUMNS.map((c) => [c, { filled: 0, empty: 0 }])) as Record<
    RequiredColumn,
    { filled: number; empty: number }
  >;
  for (const r of rows) {
    if (isReleasedRow({ role: r.role, daStatus: r.da_status })) continue;
    for (const c of REQUIRED_COLUMNS) out[c][isFilled(r, c) ? "filled" : "empty"]++;
  }
  return out;
}
