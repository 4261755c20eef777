// The performance page's named statistics (01 section 7, 03 2.6), entries of lib/statistics/registry.ts.
// Each takes the dashboard's query (stations joined by '_', and day | year+week | year+month | year) and
// scopes to the viewer's stations through lib/dashboard/policy.ts (a foreign station is a coded 403).
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { diffDays } from "../dates/calendar.ts";
import { formatIsoWeek, weekOf } from "../dates/weeks.ts";
import { resolvePeriod } from "../dashboard/calc.ts";
import { periodQuery } from "../dashboard/inputs.ts";
import { scopeStations } from "../dashboard/policy.ts";
import { importWeeks } from "./calc.ts";
import type { ReliabilityDto, StatusDto, WorstDarDto } from "./dto.ts";
import {
  daShifts,
  missingByDa,
  packages,
  performers,
  reliabilityDays,
  scannerReport,
  statuses,
  vansData,
  worstDsb,
} from "./queries.ts";

type Scope = Pick<Viewer, "stationIds">;

function scoped(viewer: Scope, params: URLSearchParams) {
  const q = periodQuery.parse(Object.fromEntries(params));
  return { q, stations: scopeStations(q.stations, viewer.stationIds), p: resolvePeriod(q) };
}

export async function performersData(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const { stations, p } = scoped(viewer, params);
  return { data: await performers(db, stations, p.from, p.to) };
}

export async function driversData(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const { stations, p } = scoped(viewer, params);
  return { data: await daShifts(db, stations, p.from, p.to) };
}

export async function missingDeliveries(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const { stations, p } = scoped(viewer, params);
  return { data: await missingByDa(db, stations, p.from, p.to) };
}

export async function packagesData(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const { stations, p } = scoped(viewer, params);
  return { data: await packages(db, stations, p.from, p.to, importWeeks(p.from, p.to)) };
}

export async function vansDataStatistic(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const { stations, p } = scoped(viewer, params);
  return await vansData(db, stations, p.from, p.to, diffDays(p.from, p.to) + 1);
}

export async function rabbitReports(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const { stations, p } = scoped(viewer, params);
  return await scannerReport(db, "rabbit", stations, p.from, p.to);
}

export async function dollyReports(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const { stations, p } = scoped(viewer, params);
  return await scannerReport(db, "dolly", stations, p.from, p.to);
}

/** DSB replaced DAR from 2023 week 35 (the scoreboard's rule, 03 2.5); no file carries DAR itself. */
export function darMeasure(weeks: readonly string[]): "DSB" | "DAR" {
  const last = weeks.at(-1) ?? "";
  return last >= "2023-W35" ? "DSB" : "DAR";
}

export async function worstDar(db: Queryable, viewer: Scope, params: URLSearchParams): Promise<WorstDarDto> {
  const { stations, p } = scoped(viewer, params);
  const weeks = importWeeks(p.from, p.to);
  const measure = darMeasure(weeks);
  return { measure, data: measure === "DSB" ? await worstDsb(db, stations, weeks) : [] };
}

/** The DSP's tier per week of a year (annual: `year` alone; any finer period reads its year). */
export async function statusScorecard(
  db: Queryable,
  viewer: Scope,
  params: URLSearchParams,
): Promise<{ data: StatusDto[] }> {
  const { stations, p } = scoped(viewer, params);
  return { data: await statuses(db, stations, Number(p.from.slice(0, 4))) };
}

/** Capacity reliability: per day, or per week (zero-based week_number) for a year. */
export async function reliabilityScore(
  db: Queryable,
  viewer: Scope,
  params: URLSearchParams,
): Promise<{ data: ReliabilityDto[] }> {
  const { stations, p } = scoped(viewer, params);
  const days = await reliabilityDays(db, stations, p.from, p.to);
  if (p.type !== "annual") {
    return { data: days.map((d) => ({ date: d.day, capacity_reliability_score: d.score })) };
  }
  const weeks = Map.groupBy(days, (d) => formatIsoWeek(weekOf(d.day)));
  return {
    data: [...weeks].map(([label, xs]) => ({
      week_number: Number(label.slice(6)) - 1,
      capacity_reliability_score: xs.reduce((a, x) => a + x.score, 0) / xs.length,
    })),
  };
}
