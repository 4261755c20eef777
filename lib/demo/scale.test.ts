import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { rowsOf } from "../db/rows.ts";
import { dashboardData } from "../dashboard/dashboard.ts";
import { periodQuery } from "../dashboard/inputs.ts";
import { addDays, diffDays } from "../dates/calendar.ts";
import { stored, sundayOf, weekOf } from "../dates/weeks.ts";
import { falconData } from "../falcon/queries.ts";
import { falconQuery } from "../falcon/inputs.ts";
import { falconRows, planCells } from "../falcon/calc.ts";
import { generateScale } from "./scale.ts";

for (const engine of ENGINES) {
  Deno.test(`generateScale: stations x days x routes, budgets, schedule, scorecards and Falcon plans; a second run adds nothing (${engine.name})`, async () => {
    const h = await engine.open();
    try {
      const db = h.db;
      const r = await generateScale(db, { stations: 3, years: 1, routes: 4, until: "2031-06-30" });
      assert.deepEqual([r.stations, r.from, r.to], [3, "2030-07-01", "2031-06-30"]);
      assert.equal(r.reports, 3 * 365);
      assert.equal(r.records, 3 * 365 * 4);
      const n = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: unknown }>(await db.execute(q))[0].n);
      assert.equal(
        await n(sql`select count(*) as n from shift_records where driver_id is null`),
        0,
        "every route has a DA",
      );
      assert.equal(await n(sql`select count(*) as n from budgets`), 3 * 12, "12 months, per station");
      assert.ok(await n(sql`select count(*) as n from schedule_reports`) > 0);
      assert.ok(await n(sql`select count(*) as n from dsp_weekly_scorecards`) >= 3 * 52);
      assert.equal(
        await n(
          sql`select count(*) as n from shift_reports where week_number <> 0 and report_date = '2031-01-01'`,
        ),
        0,
        "01-01-2031 lies in week 1 (stored 0)",
      );
      await falconChecks(db, r);
      const again = await generateScale(db, { stations: 3, years: 1, routes: 4, until: "2031-06-30" });
      assert.deepEqual([again.reports, again.records, again.plans, again.comments], [0, 0, 0, 0]);
      const ids = rowsOf<{ id: number }>(await db.execute(sql`select id from stations`)).map((s) =>
        Number(s.id)
      );
      const year = await dashboardData(db, { stationIds: ids }, periodQuery.parse({ year: "2031" }));
      const routes = await n(
        sql`select count(*) as n from shift_records where role in (0, 8) and report_date >= '2031-01-01'`,
      );
      assert.equal(year.routes.total_routes, routes, "the dashboard counts what the raw SQL counts");
    } finally {
      await h.close();
    }
  });
}

type Db = Awaited<ReturnType<(typeof ENGINES)[number]["open"]>>["db"];

/** Falcon: a plan per station and day up to the end of next week, near what ran; a comment a week. */
async function falconChecks(db: Db, r: { plans: number; comments: number; to: string }) {
  const n = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: unknown }>(await db.execute(q))[0].n);
  const ahead = diffDays(r.to, addDays(sundayOf(r.to), 13));
  assert.ok(ahead >= 7 && ahead <= 13, `${ahead} days typed ahead`);
  assert.equal(r.plans, 3 * (365 + ahead), "every station and day, and the days ahead");
  assert.equal(await n(sql`select count(*) as n from falcon_plans`), r.plans);
  // How each past day's plan compares with the Standard and Flex routes run there.
  const day = sql`select p.number_of_routes as plan,
      (select count(*) from shift_records x where x.report_id = rep.id and x.role in (0, 8)) as ran
    from falcon_plans p join shift_reports rep on rep.station_id = p.station_id and rep.report_date = p.report_date`;
  const past = 3 * 365;
  assert.equal(
    await n(sql`select count(*) as n from (${day}) d`),
    past,
    "each past day's plan has its report",
  );
  assert.equal(
    await n(sql`select count(*) as n from (${day}) d where abs(plan - ran) > 2`),
    0,
    "near what ran",
  );
  const off = await n(sql`select count(*) as n from (${day}) d where plan <> ran`);
  assert.ok(off > past * 0.3 && off < past * 0.5, `${off} of ${past} days off the plan: both colours show`);
  assert.ok(
    await n(sql`select count(*) as n from (${day}) d where plan < ran`) > 0 &&
      await n(sql`select count(*) as n from (${day}) d where plan > ran`) > 0,
  );
  assert.equal(
    await n(
      sql`select count(*) as n from falcon_plans where report_date > ${r.to}::date and number_of_routes < 1`,
    ),
    0,
    "plans ahead are the station's usual day",
  );
  // A comment on one past day in seven per station; Yes only where the plan was met, No only where not.
  assert.equal(r.comments, await n(sql`select count(*) as n from falcon_comments`));
  assert.ok(r.comments >= 3 * 52 && r.comments <= 3 * 53, `${r.comments} comments`);
  assert.equal(await n(sql`select count(*) as n from falcon_comments where report_date > ${r.to}::date`), 0);
  const flags = rowsOf<{ is_match: unknown; met: unknown }>(
    await db.execute(sql`select distinct c.is_match, d.ran >= d.plan as met from falcon_comments c
      join lateral (${day} where p.station_id = c.station_id and p.report_date = c.report_date) d on true
      order by 1, 2`),
  ).map((f) => `${f.is_match}:${f.met}`);
  assert.deepEqual(flags.filter((f) => f.startsWith("1:") || f.startsWith("2:")), ["1:true", "2:false"]);
  // What the Falcon page shows for a station's last full week: a plan in each of the seven columns,
  // summing to the week's plans, and the actual row counting what ran.
  const station = Number(
    rowsOf<{ id: unknown }>(await db.execute(sql`select min(id) as id from stations`))[0].id,
  );
  const sunday = addDays(sundayOf(r.to), -7);
  const w = weekOf(sunday);
  const week = await falconData(
    db,
    { stationIds: [station] },
    falconQuery.parse({ station, year: w.year, week: stored(w.week) }),
  );
  const inWeek = sql`station_id = ${station} and report_date between ${sunday}::date and ${sunday}::date + 6`;
  const plans = planCells(week);
  assert.equal(plans.filter((p) => p !== null).length, 7);
  assert.equal(
    plans.reduce((t: number, p) => t + (p ?? 0), 0),
    await n(sql`select sum(number_of_routes) as n from falcon_plans where ${inWeek}`),
  );
  assert.equal(
    falconRows(week)[0].total,
    await n(sql`select count(*) as n from shift_records x join shift_reports rep on rep.id = x.report_id
      where x.role in (0, 8) and rep.station_id = ${station}
        and rep.report_date between ${sunday}::date and ${sunday}::date + 6`),
  );
}
