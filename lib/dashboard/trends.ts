// Trend pages (01 "Trend pages"): per day, week or month, the planned and actual routes and deliveries,
// the returns and the missing. One statement gives each day of the range; the buckets add days up.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { ShiftRole } from "../shifts/roles.ts";
import { trendBuckets } from "./calc.ts";
import type { TrendItemDto } from "./dto.ts";
import type { TrendQuery } from "./inputs.ts";

/** The per report and role sums kept by triggers (shift_report_totals), not the records themselves. */
const RETURNS = "t.uta + t.utl + t.nsl + t.bc + t.missing + t.damage + t.fdd + t.missort + t.oc + t.others";

interface DayRow {
  d: string;
  route_plan: number;
  delivery_plan: number;
  routes: number;
  packages: number;
  returns: number;
  missing: number;
}

/** Each day from..to with its plan (budgets spread over the month's days) and actual figures. */
export async function dailyFigures(
  db: Queryable,
  stations: readonly number[],
  from: string,
  to: string,
): Promise<DayRow[]> {
  const ids = sql.param(stations.length ? [...stations] : [-1]);
  const route = sql`t.role = any(${sql.param([ShiftRole.Standard, ShiftRole.Flex])}::int[])`;
  const result = await db.execute(sql`
    with days as (
      select d::date as d from generate_series(${from}::date, ${to}::date, interval '1 day') d
    ), plan as (
      select days.d,
        sum(b.budget_no_of_routes::numeric / extract(day from date_trunc('month', days.d) + interval '1 month - 1 day'))
          as rp,
        sum(b.budget_no_of_deliveries::numeric / extract(day from date_trunc('month', days.d) + interval '1 month - 1 day'))
          as dp
      from days join budgets b on b.year = extract(year from days.d)::int and b.month = extract(month from days.d)::int
        and b.station_id = any(${ids}::int[])
      group by days.d
    ), act as (
      select t.report_date as d,
        coalesce(sum(t.records) filter (where ${route}), 0) as routes,
        coalesce(sum(t.packages) filter (where ${route}), 0) as packages,
        coalesce(sum(${sql.raw(RETURNS)}) filter (where ${route}), 0) as returns,
        coalesce(sum(t.missing) filter (where ${route}), 0) as missing
      from shift_report_totals t
      where t.station_id = any(${ids}::int[]) and t.report_date between ${from}::date and ${to}::date
      group by t.report_date
    )
    select days.d::text as d, coalesce(plan.rp, 0)::float8 as route_plan, coalesce(plan.dp, 0)::float8 as delivery_plan,
      coalesce(act.routes, 0)::int as routes, coalesce(act.packages, 0)::int as packages,
      coalesce(act.returns, 0)::int as returns, coalesce(act.missing, 0)::int as missing
    from days left join plan on plan.d = days.d left join act on act.d = days.d
    order by days.d`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    d: String(r.d),
    route_plan: Number(r.route_plan),
    delivery_plan: Number(r.delivery_plan),
    routes: Number(r.routes),
    packages: Number(r.packages),
    returns: Number(r.returns),
    missing: Number(r.missing),
  }));
}

/** The trend chart's bars for the query's range, oldest first. */
export async function trendItems(
  db: Queryable,
  stations: readonly number[],
  q: TrendQuery,
): Promise<TrendItemDto[]> {
  const buckets = trendBuckets(q);
  if (buckets.length === 0) return [];
  const days = await dailyFigures(db, stations, buckets[0].from, buckets[buckets.length - 1].to);
  return buckets.map((b) => {
    const inside = days.filter((d) => d.d >= b.from && d.d <= b.to);
    const sum = (k: keyof Omit<DayRow, "d">) => inside.reduce((n, d) => n + d[k], 0);
    return {
      label: b.label,
      date: b.date,
      week: b.week,
      month: b.month,
      year: b.year,
      route_plan: Math.round(sum("route_plan")),
      routes: sum("routes"),
      delivery_plan: Math.round(sum("delivery_plan")),
      deliveries: sum("packages") - sum("returns"),
      returns: sum("returns"),
      missing: sum("missing"),
    };
  });
}
