// The Pulse statistics of GET api/statistic/ (registered in lib/statistics/registry.ts) and the page's
// first figures. Each statistic reads one SOURCE (a query of queries.ts) and SHAPES it; the page loads
// each source its tiles need once and shapes every tile from it, so 14 tiles cost 7 statements.
import type { Queryable } from "../db/client.ts";
import { trackerCounts } from "../availability/queries.ts";
import { type Period, resolvePeriod } from "../dashboard/calc.ts";
import { periodQuery } from "../dashboard/inputs.ts";
import { scopeStations } from "../dashboard/policy.ts";
import type { Viewer } from "../users/current-user.ts";
import type { PulseStatDtos, PulseStatName } from "./dto.ts";
import {
  activeDays,
  averagesAndStatuses,
  dayFigures,
  driverFigures,
  dsbByDriver,
  vanTable,
} from "./queries.ts";
import { tileQuery, TILES, type TileSetting, weeksOf } from "./calc.ts";

type Scope = Pick<Viewer, "stationIds">;
type Stations = readonly number[];

/** Availability and rejected days per DA, over each station asked (the tracker's own counts). */
async function trackerRows(db: Queryable, stations: Stations, p: Period) {
  const per = await Promise.all(stations.map((s) => trackerCounts(db, s, p.from, p.to)));
  const byId = new Map<number, { id: number; name: string; avail: number; rejected: number }>();
  for (const row of per.flat()) {
    const r = byId.get(row.id) ?? { id: row.id, name: row.name, avail: 0, rejected: 0 };
    r.avail += row.availability_count;
    r.rejected += row.rejected;
    byId.set(row.id, r);
  }
  return [...byId.values()];
}

const SOURCES = {
  tracker: trackerRows,
  drivers: (db: Queryable, s: Stations, p: Period) => driverFigures(db, s, p.from, p.to),
  active: (db: Queryable, s: Stations, p: Period) => activeDays(db, s, p.from, p.to),
  days: (db: Queryable, s: Stations, p: Period) => dayFigures(db, s, p.from, p.to),
  averages: (db: Queryable, s: Stations, p: Period) => averagesAndStatuses(db, s, p.from, p.to),
  dsb: (db: Queryable, s: Stations, p: Period) => dsbByDriver(db, s, weeksOf(p.from, p.to)),
  vans: (db: Queryable, s: Stations, p: Period) => vanTable(db, s, p.from, p.to),
  none: () => Promise.resolve(null),
};
type SourceKey = keyof typeof SOURCES;
type SourceOf<K extends SourceKey> = Awaited<ReturnType<(typeof SOURCES)[K]>>;

/** Largest first, then by name; rows whose figure is 0 are left out. */
function ranked<R extends { name: string }>(rows: R[], value: (r: R) => number): R[] {
  return rows.filter((r) => value(r) > 0).sort((a, b) => value(b) - value(a) || a.name.localeCompare(b.name));
}

const count = (rows: SourceOf<"drivers">, get: (r: SourceOf<"drivers">[number]) => number) => ({
  data: ranked(rows.map((r) => ({ id: r.id, name: r.name, count: get(r) })), (r) => r.count),
});

interface Shape<D> {
  source: SourceKey;
  fn: (src: unknown, p: Period) => D;
}
/** A statistic's source and how its answer is made from it. */
function shape<K extends SourceKey, D>(source: K, fn: (src: SourceOf<K>, p: Period) => D): Shape<D> {
  return { source, fn: fn as (src: unknown, p: Period) => D };
}

const SHAPES: { [N in PulseStatName]: Shape<PulseStatDtos[N]> } = {
  schedule_availability: shape("tracker", (rows) => ({
    data: ranked(
      rows.map((r) => ({ id: r.id, name: r.name, availability_days: r.avail })),
      (r) => r.availability_days,
    ),
  })),
  rejected_stats: shape("tracker", (rows) => ({
    data: ranked(rows.map((r) => ({ id: r.id, name: r.name, count: r.rejected })), (r) => r.count),
  })),
  late_attendance: shape("drivers", (rows) => count(rows, (r) => r.late)),
  launchpad_support: shape("drivers", (rows) => count(rows, (r) => r.launchpad)),
  morning_checklist: shape("drivers", (rows) => ({
    data: ranked(
      rows.map((r) => ({ id: r.id, name: r.name, done: r.checklist, missed: r.shifts - r.checklist })),
      (r) => r.done + r.missed,
    ),
  })),
  rescue: shape("drivers", (rows) => ({
    data: ranked(
      rows.map((r) => ({ id: r.id, name: r.name, given: r.given, taken: r.taken })),
      (r) => r.given + r.taken,
    ),
  })),
  returned_data_by_driver: shape("drivers", (rows) => ({
    data: ranked(
      rows.map((r) => ({ id: r.id, name: r.name, returns: r.returns, packages: r.packages })),
      (r) => r.returns,
    ),
  })),
  cash_on_delivery: shape("none", () => ({ data: [], recorded: false })),
  worst_dsb_count: shape("dsb", (rows, p) => ({
    data: rows.filter((r) => r.dar_value > 0),
    measure: "dsb_count",
    weeks: weeksOf(p.from, p.to),
  })),
  active_days: shape("active", (rows) => ({ data: ranked(rows, (r) => r.count) })),
  number_of_routes: shape(
    "days",
    (rows) => ({ data: rows.map((r) => ({ date: r.date, routes: r.routes })) }),
  ),
  delivered_returned: shape("days", (rows) => ({
    data: rows.map((r) => ({ date: r.date, delivered: r.delivered, returned: r.returned })),
  })),
  average_and_statuses: shape("averages", (src) => src),
  vans_table: shape("vans", (rows) => ({ data: rows })),
};

/** Reads the statistic's source (once per key in `cache`) and shapes it. */
async function figures(
  db: Queryable,
  name: PulseStatName,
  stations: Stations,
  p: Period,
  cache = new Map<string, Promise<unknown>>(),
) {
  const { source, fn } = SHAPES[name];
  const key = `${source}|${stations.join("_")}|${p.from}|${p.to}`;
  if (!cache.has(key)) cache.set(key, SOURCES[source](db, stations, p));
  return fn(await cache.get(key), p);
}

/** The statistic's run function for the registry: the period and `stations` of 01 section 7. */
export function pulseStatistic(name: PulseStatName) {
  return async (db: Queryable, viewer: Scope, params: URLSearchParams) => {
    const q = periodQuery.parse(Object.fromEntries(params));
    return await figures(db, name, scopeStations(q.stations, viewer.stationIds), resolvePeriod(q));
  };
}

/**
 * The page's first figures: every tile's answer for its setting, each (source, station, period) read
 * once. With all tiles on the same setting (how the page opens) that is 7 statements in parallel.
 */
export async function pulseInitial(db: Queryable, viewer: Scope, settings: readonly TileSetting[]) {
  const cache = new Map<string, Promise<unknown>>();
  return await Promise.all(TILES.map((tile, i) => {
    const q = periodQuery.parse(tileQuery(settings[i]));
    return figures(db, tile.stat, scopeStations(q.stations, viewer.stationIds), resolvePeriod(q), cache);
  }));
}
