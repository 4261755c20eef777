import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { DomainError } from "../errors.ts";
import { runStatistic } from "../statistics/run.ts";
import { dashboardFixture } from "./_fixture.ts";
import { dashboardData } from "./dashboard.ts";
import { periodQuery } from "./inputs.ts";

// Week of 04-03-2031 is Sun 02-03 .. Sat 08-03: week 10 shown, 9 as the API sends it.
const WEEK = { year: "2031", week: "9" };
const q = (o: Record<string, string>) => periodQuery.parse(o);
const round = (n: number | null) => n === null ? null : Math.round(n * 100) / 100;

for (const engine of ENGINES) {
  Deno.test(`dashboard: every card against hand-counted figures, scoped to stations (${engine.name})`, async (t) => {
    const h = await engine.open();
    try {
      const db = h.db;
      const f = await dashboardFixture(db);
      const stations = String(f.a.id);

      await t.step("a week at station A", async () => {
        const d = await dashboardData(db, f.owner, q({ ...WEEK, stations }));
        assert.deepEqual([d.period.from, d.period.to, d.period.prev_from], [
          "2031-03-02",
          "2031-03-08",
          "2031-02-23",
        ]);
        assert.deepEqual({ ...d.routes, completion: round(d.routes.completion) }, {
          total_routes: 3,
          total_plans: 70,
          completion: 4.29,
          training_routes: 1,
          cancelled_routes: 1,
          mycu_cancelled_routes: 0,
          other_routes: 1,
        });
        const del = d.deliveries;
        assert.deepEqual(
          [del.total_deliveries, del.prev_total_deliveries, del.total_returns, del.total_plans],
          [441, 490, 9, 7000],
        );
        assert.equal(round(del.from_actual), 6.3);
        assert.deepEqual(
          [
            del.returned_stats.uta,
            del.returned_stats.nsl,
            del.returned_stats.missing,
            del.returned_stats.damage,
          ],
          [2, 1, 4, 2],
        );
        assert.equal(round(del.returned_stats.of_deliveries), 2, "9 returns of 450 packages");
        assert.deepEqual(del.returns, { actual: { missing: 4 }, prev: { missing: 10 } });
        assert.deepEqual(
          del.missing_data_by_driver.map((m) => [m.date, m.driver?.first_name ?? null, m.missing]),
          [["2031-03-04", null, 3], ["2031-03-04", "Ann", 1]],
        );
        assert.deepEqual(d.serial_numbers, {
          rabbit_returns: 1,
          total_rabbits: 1,
          difference_rabbit: 0,
          rabbit_non_returned: 100,
          dolly_returns: 0,
          total_dollies: 1,
          difference_dolly: 1,
          dolly_non_returned: 0,
        });
        assert.deepEqual(d.da_statuses, {
          assigned_drivers: 4,
          active_drivers: 2,
          off_boarded_drivers: 1,
          inactive_drivers: 1,
          active_from_total: 50,
        });
        assert.deepEqual(
          [
            d.fleet_statuses.assigned_fleets,
            d.fleet_statuses.available_fleets,
            d.fleet_statuses.out_of_service_fleets,
          ],
          [3, 2, 1],
        );
        assert.deepEqual(
          d.fleet_statuses.out_of_service_list.map((v) => [v.plate_number, v.status_change_reason]),
          [
            ["OOS1", "Accident fixing"],
          ],
        );
        assert.deepEqual(
          d.roles.map((r) => [r.role_id, r.counter]).sort((x, y) => x[0] - y[0]),
          [[0, 2], [1, 1], [2, 1], [4, 1], [7, 1], [8, 1]],
        );
        assert.deepEqual(d.budget, { routes: 310, deliveries: 31000, das: 12, fleet: 11, months: 1 });
      });

      await t.step("a day, a month, a year: plans follow the days", async () => {
        const day = await dashboardData(db, f.owner, q({ day: "2031-03-05", stations }));
        assert.deepEqual([day.routes.total_routes, day.routes.total_plans], [1, 10]);
        assert.equal(
          day.deliveries.prev_total_deliveries,
          300 - 7,
          "the day before: 300 packages, 7 returns",
        );
        const month = await dashboardData(db, f.owner, q({ year: "2031", month: "3", stations }));
        assert.deepEqual(
          [month.routes.total_routes, month.routes.total_plans, month.deliveries.total_plans],
          [
            3,
            310,
            31000,
          ],
        );
        assert.equal(month.deliveries.prev_total_deliveries, 490, "February");
        const year = await dashboardData(db, f.owner, q({ year: "2031", stations }));
        assert.deepEqual([year.routes.total_routes, year.routes.total_plans], [4, 310]);
        assert.equal(year.budget?.months, 1);
      });

      await t.step("no stations named: all the viewer's; another's is refused", async () => {
        const both = await dashboardData(db, f.owner, q(WEEK));
        assert.deepEqual([both.routes.total_routes, both.deliveries.returns.actual.missing], [4, 9]);
        const mine = await dashboardData(db, f.manager, q(WEEK));
        assert.deepEqual([mine.routes.total_routes, mine.stations], [3, [f.a.id]]);
        assert.equal(mine.fleet_statuses.out_of_service_fleets, 1, "B's broken van is not the manager's");
        await assert.rejects(
          () => dashboardData(db, f.manager, q({ ...WEEK, stations: `${f.a.id}_${f.b.id}` })),
          (e) =>
            e instanceof DomainError && e.code === "dashboard.station_not_yours" && e.kind === "forbidden",
        );
      });

      await t.step("the named statistics answer the same figures", async () => {
        const stat = (name: string, extra: Record<string, string> = {}) =>
          runStatistic(db, f.manager, new URLSearchParams({ statistic: name, ...WEEK, ...extra })) as Promise<
            Record<string, unknown>
          >;
        assert.equal((await stat("routes_stats")).total_routes, 3);
        assert.equal((await stat("deliveries_stats")).total_deliveries, 441);
        assert.equal((await stat("serial_number_stats")).total_dollies, 1);
        assert.equal((await stat("da_statuses")).assigned_drivers, 4);
        assert.equal((await stat("fleet_statuses")).available_fleets, 2);
        assert.equal(((await stat("roles_data")).data as unknown[]).length, 6);
        assert.equal(((await stat("missing_data")).data as unknown[]).length, 2);
        const trend = (await stat("routes_trends", {
          type: "day",
          start_date: "2031-03-03",
          end_date: "2031-03-05",
        })).data as {
          label: string;
          routes: number;
          route_plan: number;
          deliveries: number;
          missing: number;
        }[];
        assert.deepEqual(trend.map((t) => [t.label, t.route_plan, t.routes, t.deliveries, t.missing]), [
          ["03-03-2031", 10, 0, 0, 0],
          ["04-03-2031", 10, 2, 293, 4],
          ["05-03-2031", 10, 1, 148, 0],
        ]);
        const months = (await stat("deliveries_trends", { type: "month", month_range: "2_3" })).data as {
          label: string;
          delivery_plan: number;
          deliveries: number;
        }[];
        assert.deepEqual(months.map((m) => [m.label, m.delivery_plan, m.deliveries]), [["Feb", 0, 490], [
          "Mar",
          31000,
          441,
        ]]);
        const weeks = (await stat("routes_trends", { type: "week", week_range: "8_9" })).data as {
          label: string;
          routes: number;
          route_plan: number;
        }[];
        assert.deepEqual(
          weeks.map((w) => [w.label, w.routes, w.route_plan]),
          [["W9", 1, 10], ["W10", 3, 70]],
          "W9 (23-02 to 01-03) holds 1 March",
        );
        await assert.rejects(
          () => stat("routes_stats", { stations: String(f.b.id) }),
          (e) => e instanceof DomainError && e.kind === "forbidden",
        );
      });
    } finally {
      await h.close();
    }
  });
}
