// The Pulse page's pure rules (03 section 2.7): the 14 tiles, a tile's settings (station, selectType,
// date), stepping them, the shared 'External setting', the query a tile asks, and how a statistic's
// answer becomes bars. Pure: the page, the island and the tests share it.
import { addDays, type IsoDate } from "../dates/calendar.ts";
import { formatIsoWeek, weekOf } from "../dates/weeks.ts";
import { type PeriodPick, pickLabel, pickParams, stepPick } from "../dashboard/calc-period.ts";
import type { PulseStatDtos, PulseStatName } from "./dto.ts";

export type SelectType = "week" | "month" | "day";
export const SELECT_TYPES: readonly SelectType[] = ["week", "month", "day"];

/** One tile's settings, as 03 2.7 names them (date is any day inside the period). */
export interface TileSetting {
  station: number;
  selectType: SelectType;
  date: IsoDate;
}

export type TileKind = "bars" | "table" | "facts" | "none";
export interface TileDef {
  key: string;
  title: string;
  /** The statistic that feeds it (vans: vans_table_week or _month by the period, see `statisticOf`). */
  stat: PulseStatName;
  kind: TileKind;
  /** Per-DA lists are long: a tile shows the first `top` rows (largest first). */
  top?: number;
}

export const PULSE_COLORS = {
  green: "#16a34a",
  red: "#dc2626",
  blue: "#2563eb",
  amber: "#d97706",
  slate: "#94a3b8",
} as const;

export const TOP = 10;

export const TILES: readonly TileDef[] = [
  { key: "days-available", title: "Days Availabile", stat: "schedule_availability", kind: "bars", top: TOP },
  {
    key: "rejected",
    title: "Rejected before start of the Shift",
    stat: "rejected_stats",
    kind: "bars",
    top: TOP,
  },
  { key: "late-attendance", title: "Late attendance", stat: "late_attendance", kind: "bars", top: TOP },
  { key: "launchpad-support", title: "Launchpad support", stat: "launchpad_support", kind: "bars", top: TOP },
  { key: "morning-checklist", title: "Morning checklist", stat: "morning_checklist", kind: "bars", top: TOP },
  { key: "rescues", title: "Rescues", stat: "rescue", kind: "bars", top: TOP },
  {
    key: "returns-by-driver",
    title: "Returns by driver",
    stat: "returned_data_by_driver",
    kind: "bars",
    top: TOP,
  },
  { key: "cash-on-delivery", title: "Cash on delivery", stat: "cash_on_delivery", kind: "none" },
  { key: "worst-dar", title: "Worst DAR (DSB count)", stat: "worst_dsb_count", kind: "bars", top: TOP },
  { key: "active-days", title: "Active days", stat: "active_days", kind: "bars", top: TOP },
  { key: "number-of-routes", title: "Number of routes", stat: "number_of_routes", kind: "bars" },
  { key: "delivered-returned", title: "Delivered vs returned", stat: "delivered_returned", kind: "bars" },
  { key: "averages-statuses", title: "Averages and statuses", stat: "average_and_statuses", kind: "facts" },
  { key: "vans-table", title: "Vans table", stat: "vans_table", kind: "table" },
];

/** The statistic's name in the API (vans: the spec's vans_table_week / vans_table_month). */
export function statisticOf(tile: TileDef, type: SelectType): string {
  if (tile.stat !== "vans_table") return tile.stat;
  return type === "month" ? "vans_table_month" : "vans_table_week";
}

/** Station 1 if the user has it, otherwise the user's first station (03 2.7, 01 section 6). */
export function defaultPulseStation(stationIds: readonly number[]): number | null {
  if (stationIds.includes(1)) return 1;
  return stationIds.length ? stationIds[0] : null;
}

/** Every tile starts the same: the default station, a week around the default date (yesterday). */
export function initialSettings(stationIds: readonly number[], defaultDate: IsoDate): TileSetting[] | null {
  const station = defaultPulseStation(stationIds);
  if (station === null) return null;
  return TILES.map(() => ({ station, selectType: "week", date: defaultDate }));
}

const pickOf = (s: TileSetting): PeriodPick => ({ type: s.selectType, date: s.date });

/** One period back (-1) or forward (+1); never past the period holding today. */
export function stepSetting(s: TileSetting, step: 1 | -1, today: IsoDate): TileSetting {
  return { ...s, date: stepPick(pickOf(s), step, today).date };
}

/** A new period type goes back to the default date (01 section 4); a new station keeps the period. */
export function withType(s: TileSetting, selectType: SelectType, defaultDate: IsoDate): TileSetting {
  return selectType === s.selectType ? s : { ...s, selectType, date: defaultDate };
}

/** The 'External setting': the shared set replaces every tile's settings. */
export function applyShared(settings: readonly TileSetting[], shared: TileSetting): TileSetting[] {
  return settings.map(() => ({ ...shared }));
}

/** The query of a tile's statistic: stations (one), and year+week (zero-based), year+month or day. */
export function tileQuery(s: TileSetting): Record<string, string> {
  return { stations: String(s.station), ...pickParams(pickOf(s)) };
}

export function settingLabel(s: TileSetting): string {
  return pickLabel(pickOf(s));
}

export interface TileChart {
  labels: string[];
  series: { label: string; data: number[]; color: string }[];
  /** Rows in the answer beyond those drawn. */
  hidden: number;
}

const shortDate = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}`;

function daBars<R extends { name: string }>(
  rows: R[],
  top: number,
  series: [string, (r: R) => number, string][],
): TileChart {
  const shown = rows.slice(0, top);
  return {
    labels: shown.map((r) => r.name),
    series: series.map(([label, get, color]) => ({ label, data: shown.map(get), color })),
    hidden: rows.length - shown.length,
  };
}

/** The bars a 'bars' tile draws from its statistic's answer. */
export function tileChart(tile: TileDef, dto: unknown): TileChart {
  const top = tile.top ?? TOP;
  const c = PULSE_COLORS;
  switch (tile.stat) {
    case "schedule_availability":
      return daBars((dto as PulseStatDtos["schedule_availability"]).data, top, [
        ["Days available", (r) => r.availability_days, c.green],
      ]);
    case "rejected_stats":
      return daBars((dto as PulseStatDtos["rejected_stats"]).data, top, [[
        "Rejected",
        (r) => r.count,
        c.red,
      ]]);
    case "late_attendance":
      return daBars((dto as PulseStatDtos["late_attendance"]).data, top, [["Late", (r) => r.count, c.amber]]);
    case "launchpad_support":
      return daBars((dto as PulseStatDtos["launchpad_support"]).data, top, [
        ["Launchpad support", (r) => r.count, c.blue],
      ]);
    case "morning_checklist":
      return daBars((dto as PulseStatDtos["morning_checklist"]).data, top, [
        ["Done", (r) => r.done, c.green],
        ["Missed", (r) => r.missed, c.red],
      ]);
    case "rescue":
      return daBars((dto as PulseStatDtos["rescue"]).data, top, [
        ["Rescues given", (r) => r.given, c.green],
        ["Rescues taken", (r) => r.taken, c.amber],
      ]);
    case "returned_data_by_driver":
      return daBars((dto as PulseStatDtos["returned_data_by_driver"]).data, top, [
        ["Returns", (r) => r.returns, c.red],
      ]);
    case "worst_dsb_count":
      return daBars((dto as PulseStatDtos["worst_dsb_count"]).data, top, [[
        "DSB count",
        (r) => r.dar_value,
        c.red,
      ]]);
    case "active_days":
      return daBars((dto as PulseStatDtos["active_days"]).data, top, [[
        "Active days",
        (r) => r.count,
        c.blue,
      ]]);
    case "number_of_routes": {
      const rows = (dto as PulseStatDtos["number_of_routes"]).data;
      return {
        labels: rows.map((r) => shortDate(r.date)),
        series: [{ label: "Routes", data: rows.map((r) => r.routes), color: c.blue }],
        hidden: 0,
      };
    }
    case "delivered_returned": {
      const rows = (dto as PulseStatDtos["delivered_returned"]).data;
      return {
        labels: rows.map((r) => shortDate(r.date)),
        series: [
          { label: "Delivered", data: rows.map((r) => r.delivered), color: c.green },
          { label: "Returned", data: rows.map((r) => r.returned), color: c.red },
        ],
        hidden: 0,
      };
    }
    default:
      return { labels: [], series: [], hidden: 0 };
  }
}

/** The weeks (`2031-W10`) holding any day of the period: Amazon's DSB files are weekly. */
export function weeksOf(from: string, to: string): string[] {
  const out = new Set<string>();
  for (let d = from; d <= to; d = addDays(d, 1)) out.add(formatIsoWeek(weekOf(d)));
  return [...out];
}
