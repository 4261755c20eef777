// Falcon's plans and comments for the scale data (03 2.8; `dsp demo scale`): a plan for every station and
// day from `from` to the end of the week after `to`'s (plans are typed ahead), and a comment on about one
// past day in seven. A past day's plan is what ran there (Standard and Flex, the roles Falcon counts as
// actual), a route or two over or under on about four days in ten, so both difference colours show; a
// future day's plan is the station's average day of the last four weeks. The variation is a function of
// station and date, not random, so a rerun or a test sees the same plans. One statement (days already
// planned, e.g. the demo's own weeks, are left as they are, and so is their comment), so 50 stations x 3
// years (~55,000 plans) costs one pass over the shift records.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";

/** What a comment says, by how the day went: [text, is_match (0 unset, 1 yes, 2 no)]. */
const MET = sql`(values (0, 'Plan met.', 1), (1, 'All routes covered; two Flex routes added at 7:40.', 1),
  (2, 'Van in the shop, a rental covered it.', 0))`;
const SHORT = sql`(values (0, 'Short two DAs (sick); one route dropped.', 2),
  (1, 'Amazon cut routes at 6:30.', 2), (2, 'Late wave; check tomorrow''s plan.', 0))`;

export async function scaleFalcon(
  db: Queryable,
  from: string,
  to: string,
): Promise<{ plans: number; comments: number }> {
  /** A column's date as a day number, for the variation (the column's name is ours, not input). */
  const day = (column: string) => sql.raw(`(${column} - date '2000-01-01')`);
  const made = rowsOf<{ plans: unknown; comments: unknown }>(
    await db.execute(sql`
    with actual as (
      select rep.station_id, rep.report_date as d, count(r.id) filter (where r.role in (0, 8))::int as ran,
        (rep.station_id * 7 + ${day("rep.report_date")}) % 10 as h
      from shift_reports rep left join shift_records r on r.report_id = rep.id
      where rep.report_date between ${from}::date and ${to}::date
      group by rep.station_id, rep.report_date
    ), usual as (
      select station_id, round(avg(ran))::int as routes from actual where d > ${to}::date - 28 group by station_id
    ), planned as (
      select station_id, d,
        greatest(0, ran + case when h = 0 then 2 when h = 1 then 1 when h < 4 then -1 else 0 end) as routes
      from actual
      union all
      select u.station_id, g::date, u.routes from usual u
      cross join generate_series(${to}::date + 1,
        ${to}::date - extract(dow from ${to}::date)::int + 13, interval '1 day') g
    ), plans as (
      insert into falcon_plans (station_id, report_date, number_of_routes)
      select station_id, d, routes from planned
      on conflict (station_id, report_date) do nothing
      returning station_id, report_date, number_of_routes
    ), comments as (
      insert into falcon_comments (station_id, report_date, report_comment, is_match)
      select p.station_id, p.report_date, t.column2, t.column3
      from plans p join actual a on a.station_id = p.station_id and a.d = p.report_date
      join lateral (select * from ${MET} m where a.ran >= p.number_of_routes
        union all select * from ${SHORT} s where a.ran < p.number_of_routes) t
        on t.column1 = (p.station_id + ${day("p.report_date")}) % 3
      where (p.station_id * 3 + ${day("p.report_date")}) % 7 = 0
      on conflict (station_id, report_date) do nothing
      returning 1
    )
    select (select count(*) from plans) as plans, (select count(*) from comments) as comments`),
  );
  return { plans: Number(made[0]?.plans ?? 0), comments: Number(made[0]?.comments ?? 0) };
}
