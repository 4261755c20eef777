import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { rowsOf } from "../db/rows.ts";
import { dashboardData } from "../dashboard/dashboard.ts";
import { periodQuery } from "../dashboard/inputs.ts";
import { generateScale } from "./scale.ts";

for (const engine of ENGINES) {
  Deno.test(`generateScale: stations x days x routes, budgets, schedule and scorecards; a second run adds nothing (${engine.name})`, async () => {
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
      const again = await generateScale(db, { stations: 3, years: 1, routes: 4, until: "2031-06-30" });
      assert.deepEqual([again.reports, again.records], [0, 0]);
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
