// GET api/dashboard/ and the /dashboard page: every card of 01 "Dashboard" for a station set and a period,
// and the statistics of api/statistic/ that are parts of it (registered in lib/statistics/registry.ts).
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { type Period, resolvePeriod } from "./calc.ts";
import type { DashboardDto, TrendItemDto } from "./dto.ts";
import { type PeriodQuery, periodQuery, stationList, trendQuery } from "./inputs.ts";
import { scopeStations } from "./policy.ts";
import {
  daStatuses,
  deliveriesStats,
  fleetStatuses,
  missingByDriver,
  periodBudget,
  plannedFigures,
  roleCounts,
  routesStats,
  serialNumberStats,
  shiftFigures,
} from "./queries.ts";
import { trendItems } from "./trends.ts";

type Scope = Pick<Viewer, "stationIds">;

/** Every card for the stations asked (all the viewer's when none) and the period. */
export async function dashboardData(db: Queryable, viewer: Scope, q: PeriodQuery): Promise<DashboardDto> {
  const stations = scopeStations(q.stations, viewer.stationIds);
  const p = resolvePeriod(q);
  // Independent statements: on PostgreSQL they run side by side on the pool (PGlite queues them).
  const [f, plan, missing, da, fleet, roles, budget] = await Promise.all([
    shiftFigures(db, stations, p),
    plannedFigures(db, stations, p.from, p.to),
    missingByDriver(db, stations, p.from, p.to),
    daStatuses(db, stations),
    fleetStatuses(db, stations),
    roleCounts(db, stations, p.from, p.to),
    periodBudget(db, stations, p.from, p.to),
  ]);
  return {
    period: periodDto(p),
    stations,
    routes: routesStats(f, plan.routes),
    deliveries: deliveriesStats(f, plan.deliveries, missing),
    serial_numbers: serialNumberStats(f),
    da_statuses: da,
    fleet_statuses: fleet,
    roles,
    budget,
  };
}

function periodDto(p: Period): DashboardDto["period"] {
  return { type: p.type, from: p.from, to: p.to, prev_from: p.prevFrom, prev_to: p.prevTo };
}

const parsed = (params: URLSearchParams) => periodQuery.parse(Object.fromEntries(params));

async function cardInputs(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const q = parsed(params);
  const stations = scopeStations(q.stations, viewer.stationIds);
  const p = resolvePeriod(q);
  return { stations, p, f: await shiftFigures(db, stations, p) };
}

// ---- the named statistics (01 section 7) that are parts of the dashboard

export async function routesStatsStatistic(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const { stations, p, f } = await cardInputs(db, viewer, params);
  const plan = await plannedFigures(db, stations, p.from, p.to);
  return { ...routesStats(f, plan.routes), budget: await periodBudget(db, stations, p.from, p.to) };
}

export async function deliveriesStatsStatistic(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const { stations, p, f } = await cardInputs(db, viewer, params);
  const plan = await plannedFigures(db, stations, p.from, p.to);
  return deliveriesStats(f, plan.deliveries, await missingByDriver(db, stations, p.from, p.to));
}

export async function serialNumberStatistic(db: Queryable, viewer: Scope, params: URLSearchParams) {
  return serialNumberStats((await cardInputs(db, viewer, params)).f);
}

export async function missingDataStatistic(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const q = parsed(params);
  const p = resolvePeriod(q);
  return { data: await missingByDriver(db, scopeStations(q.stations, viewer.stationIds), p.from, p.to) };
}

export async function daStatusesStatistic(db: Queryable, viewer: Scope, params: URLSearchParams) {
  return await daStatuses(
    db,
    scopeStations(stationList.parse(params.get("stations") ?? undefined), viewer.stationIds),
  );
}

export async function fleetStatusesStatistic(db: Queryable, viewer: Scope, params: URLSearchParams) {
  return await fleetStatuses(
    db,
    scopeStations(stationList.parse(params.get("stations") ?? undefined), viewer.stationIds),
  );
}

export async function rolesDataStatistic(db: Queryable, viewer: Scope, params: URLSearchParams) {
  const q = parsed(params);
  const p = resolvePeriod(q);
  return { data: await roleCounts(db, scopeStations(q.stations, viewer.stationIds), p.from, p.to) };
}

/** routes_trends and deliveries_trends: the same trend items (the page picks its series). */
export async function trendsStatistic(
  db: Queryable,
  viewer: Scope,
  params: URLSearchParams,
): Promise<{ data: TrendItemDto[] }> {
  const q = trendQuery.parse(Object.fromEntries(params));
  return { data: await trendItems(db, scopeStations(q.stations, viewer.stationIds), q) };
}
