// GET api/falcon/ and the /falcon page (03 2.8): the period's columns, the shift records of one station
// grouped by role, van size, cancelled size and hours, the plans and the comments. Every statement names
// the station, which policy has checked against the viewer's stations.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { addDays, dayOfWeek } from "../dates/calendar.ts";
import { periodEnd, periodStart, todayIn } from "../dates/periods.ts";
import { stored, weekOf, weeksInYear, weekStart } from "../dates/weeks.ts";
import { getTimeZone } from "../settings/queries.ts";
import type { CommentDto, FalconColumnDto, FalconDto, PlanItemDto, StandardItemDto } from "./dto.ts";
import type { FalconQuery } from "./inputs.ts";
import { stationNotYours } from "./errors.ts";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export interface FalconPeriod {
  type: FalconDto["period"]["type"];
  from: string;
  to: string;
}

/** The finest part named wins: day, else week (zero-based) of year, else month of year, else the year. */
export function resolveFalconPeriod(q: FalconQuery): FalconPeriod {
  if (q.day) return { type: "day", from: q.day, to: q.day };
  const year = q.year!;
  if (q.week !== undefined) {
    const w = { year, week: q.week + 1 };
    return { type: "week", from: periodStart("week", w), to: periodEnd("week", w) };
  }
  if (q.month !== undefined) {
    const m = { year, month: q.month };
    return { type: "month", from: periodStart("month", m), to: periodEnd("month", m) };
  }
  // The annual view's columns are the year's weeks, so it runs from week 1's Sunday to the last Saturday.
  return { type: "annual", from: weekStart(year, 1), to: addDays(weekStart(year, weeksInYear(year)), 6) };
}

/** The columns: the year's weeks in the annual view, else the period's days. */
export function columnsOf(p: FalconPeriod): FalconColumnDto[] {
  if (p.type === "annual") {
    const year = weekOf(p.to).year;
    return Array.from({ length: weeksInYear(year) }, (_, n) => ({ key: `w${n}`, week_number: n }));
  }
  const out: FalconColumnDto[] = [];
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) out.push({ key: d, date: d, day: DAYS[dayOfWeek(d)] });
  return out;
}

/** Day items folded onto week columns in the annual view. */
function byColumn<T extends { report_date?: string; week_number?: number }>(
  p: FalconPeriod,
  items: (T & { report_date: string })[],
  same: (a: T, b: T) => boolean,
  add: (into: T, from: T) => void,
): T[] {
  if (p.type !== "annual") return items;
  const out: T[] = [];
  for (const { report_date, ...rest } of items) {
    const item = { ...rest, week_number: stored(weekOf(report_date).week) } as unknown as T;
    const found = out.find((o) => o.week_number === item.week_number && same(o, item));
    if (found) add(found, item);
    else out.push(item);
  }
  return out;
}

export async function stationOf(db: Queryable, id: number, mine: readonly number[]) {
  if (!mine.includes(id)) throw stationNotYours(id);
  const rows = rowsOf(await db.execute(sql`select id, tag, title from stations where id = ${id}`));
  if (!rows[0]) throw stationNotYours(id);
  const r = rows[0] as { id: number; tag: string; title: string };
  return { id: Number(r.id), tag: String(r.tag), title: String(r.title) };
}

async function standardItems(db: Queryable, station: number, p: FalconPeriod) {
  const rows = rowsOf(
    await db.execute(sql`
    select r.role::int as role, v.fleet_size_id as van__fleet_size,
      r.cancelled_fleet_size_id as cancelled_fleet_size, r.role_hours::float8 as role_hours,
      to_char(rep.report_date, 'YYYY-MM-DD') as report_date, count(*)::int as routes
    from shift_records r
      join shift_reports rep on rep.id = r.report_id
      left join vans v on v.id = r.van_id
    where rep.station_id = ${station} and rep.report_date between ${p.from}::date and ${p.to}::date
    group by 1, 2, 3, 4, 5 order by 5, 1`),
  ) as Record<string, unknown>[];
  const items = rows.map((r) => ({
    role: Number(r.role),
    routes: Number(r.routes),
    van__fleet_size: r.van__fleet_size == null ? null : Number(r.van__fleet_size),
    cancelled_fleet_size: r.cancelled_fleet_size == null ? null : Number(r.cancelled_fleet_size),
    role_hours: r.role_hours == null ? null : Number(r.role_hours),
    report_date: String(r.report_date),
  }));
  return byColumn<StandardItemDto>(
    p,
    items,
    (a, b) =>
      a.role === b.role && a.van__fleet_size === b.van__fleet_size &&
      a.cancelled_fleet_size === b.cancelled_fleet_size && a.role_hours === b.role_hours,
    (into, from) => void (into.routes += from.routes),
  );
}

async function planItems(db: Queryable, station: number, p: FalconPeriod) {
  const rows = rowsOf(
    await db.execute(sql`
    select to_char(report_date, 'YYYY-MM-DD') as report_date, number_of_routes from falcon_plans
    where station_id = ${station} and report_date between ${p.from}::date and ${p.to}::date
    order by report_date`),
  ) as Record<string, unknown>[];
  const items = rows.map((r) => ({
    report_date: String(r.report_date),
    number_of_routes: Number(r.number_of_routes),
  }));
  return byColumn<PlanItemDto>(p, items, () => true, (into, from) => {
    into.number_of_routes += from.number_of_routes;
  });
}

export async function commentItems(db: Queryable, station: number, from: string, to: string) {
  const rows = rowsOf(
    await db.execute(sql`
    select to_char(report_date, 'YYYY-MM-DD') as report_date, report_comment, is_match from falcon_comments
    where station_id = ${station} and report_date between ${from}::date and ${to}::date
    order by report_date`),
  ) as Record<string, unknown>[];
  return rows.map((r): CommentDto => ({
    report_date: String(r.report_date),
    report_comment: String(r.report_comment),
    is_match: Number(r.is_match),
  }));
}

export async function falconToday(db: Queryable): Promise<string> {
  return todayIn(await getTimeZone(db));
}

/** Everything the page shows for one of the viewer's stations and a period. */
export async function falconData(
  db: Queryable,
  viewer: { stationIds: readonly number[] },
  q: FalconQuery,
): Promise<FalconDto> {
  const station = await stationOf(db, q.station, viewer.stationIds);
  const p = resolveFalconPeriod(q);
  const [standard_list, plan_list, comment_list, today] = await Promise.all([
    standardItems(db, station.id, p),
    planItems(db, station.id, p),
    commentItems(db, station.id, p.from, p.to),
    falconToday(db),
  ]);
  return { period: p, station, date_list: columnsOf(p), standard_list, plan_list, comment_list, today };
}
