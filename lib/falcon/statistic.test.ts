// The falcon_data statistic on both engines against figures counted by hand, and its station scoping.
// Station A, week of Tue 04-03-2031 (Sun 02-03 .. Sat 08-03, zero-based week 9):
//   Tue 04-03: Standard (Cargo van, no hours = 10 h), Standard (Cube van, 10 h), Flex (Medium van, 6 h),
//              Training, Client Cancelled (cancelled size Large), No Show;   plan 4, comment "No" (2)
//   Wed 05-03: Standard (Cargo Rental van, 8 h);                            plan 1, comment "Yes" (1)
//   Thu 06-03: nothing run;                                                  plan 2
//   Mon 10-03 (week 10): Standard (no van);                                  plan 3
// Station B (not the manager's), Tue 04-03: Standard x2, plan 9 and a comment: never in A's figures.
import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import type { Db, Queryable } from "../db/client.ts";
import { makeSpot, makeStation, makeUser, makeVan } from "../demo/factories.ts";
import { DomainError } from "../errors.ts";
import { shiftRecords, shiftReports } from "../shifts/schema.ts";
import { runStatistic } from "../statistics/run.ts";
import { loadViewer, type Viewer } from "../users/current-user.ts";
import { differenceTone, falconRows, planCells } from "./calc.ts";
import type { FalconDto } from "./dto.ts";
import { falconQuery } from "./inputs.ts";
import { falconData } from "./queries.ts";
import { falconComments, falconPlans } from "./schema.ts";

async function fixture(db: Queryable) {
  const [a, b] = [await makeStation(db), await makeStation(db)];
  const staff = async (role: number, stations: number[]) => {
    const u = await makeUser(db, { role });
    for (const s of stations) await makeSpot(db, u.id, s);
    return (await loadViewer(db, u.id, null))!;
  };
  const manager = await staff(3, [a.id]);
  const dispatcher = await staff(1, [a.id]);
  const van = async (fleetSizeId: number) => (await makeVan(db, { stationId: a.id, fleetSizeId })).id;
  const [cargo, cube, medium, rental] = [await van(1), await van(3), await van(6), await van(5)];
  const report = async (stationId: number, reportDate: string) =>
    (await db.insert(shiftReports).values({ stationId, reportDate, weekNumber: 9, year: 2031 }).returning())[
      0
    ];
  const [tue, wed, mon, bTue] = [
    await report(a.id, "2031-03-04"),
    await report(a.id, "2031-03-05"),
    await report(a.id, "2031-03-10"),
    await report(b.id, "2031-03-04"),
  ];
  const rec = (r: { id: number; reportDate: string }, over: Partial<typeof shiftRecords.$inferInsert>) => ({
    reportId: r.id,
    reportDate: r.reportDate,
    role: 0,
    ...over,
  });
  await db.insert(shiftRecords).values([
    rec(tue, { vanId: cargo }),
    rec(tue, { vanId: cube, roleHours: "10" }),
    rec(tue, { role: 8, vanId: medium, roleHours: "6" }),
    rec(tue, { role: 4 }),
    rec(tue, { role: 7, cancelledFleetSizeId: 2 }),
    rec(tue, { role: 1 }),
    rec(wed, { vanId: rental, roleHours: "8" }),
    rec(mon, {}),
    rec(bTue, {}),
    rec(bTue, {}),
  ]);
  const plan = (stationId: number, reportDate: string, routes: number) => ({ stationId, reportDate, routes });
  await db.insert(falconPlans).values([
    plan(a.id, "2031-03-04", 4),
    plan(a.id, "2031-03-05", 1),
    plan(a.id, "2031-03-06", 2),
    plan(a.id, "2031-03-10", 3),
    plan(b.id, "2031-03-04", 9),
  ]);
  await db.insert(falconComments).values([
    { stationId: a.id, reportDate: "2031-03-04", comment: "One DA short", isMatch: 2 },
    { stationId: a.id, reportDate: "2031-03-05", comment: "Plan met", isMatch: 1 },
    { stationId: b.id, reportDate: "2031-03-04", comment: "B's own", isMatch: 1 },
  ]);
  return { a, b, manager, dispatcher };
}

const stat = (db: Db, viewer: Viewer, params: Record<string, string>) =>
  runStatistic(db, viewer, new URLSearchParams({ statistic: "falcon_data", ...params })) as Promise<
    FalconDto
  >;

/** Row key -> cells, and the plan per column, as the page draws them. */
function table(d: FalconDto) {
  const rows = Object.fromEntries(falconRows(d).map((r) => [r.key, r]));
  return {
    rows,
    plans: planCells(d),
    at: (key: string, col: string) => rows[key].cells[d.date_list.findIndex((c) => c.key === col)],
  };
}

for (const engine of ENGINES) {
  Deno.test(`falcon_data: plan vs actual by role, van size and hours, hand-counted, one station only (${engine.name})`, async (t) => {
    const h = await engine.open();
    try {
      const db = h.db;
      const f = await fixture(db);
      const A = String(f.a.id);

      await t.step("a week: the four lists and the table built from them", async () => {
        const d = await stat(db, f.manager, { station: A, year: "2031", week: "9" });
        assert.deepEqual([d.period.type, d.period.from, d.period.to], ["week", "2031-03-02", "2031-03-08"]);
        assert.deepEqual(d.station.id, f.a.id);
        assert.deepEqual(d.date_list.map((c) => c.day), ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
        assert.deepEqual(d.plan_list, [
          { report_date: "2031-03-04", number_of_routes: 4 },
          { report_date: "2031-03-05", number_of_routes: 1 },
          { report_date: "2031-03-06", number_of_routes: 2 },
        ]);
        assert.deepEqual(d.comment_list, [
          { report_date: "2031-03-04", report_comment: "One DA short", is_match: 2 },
          { report_date: "2031-03-05", report_comment: "Plan met", is_match: 1 },
        ]);
        const items = d.standard_list.map((i) =>
          [i.report_date, i.role, i.van__fleet_size, i.cancelled_fleet_size, i.role_hours, i.routes].join("|")
        ).sort();
        assert.deepEqual(items, [
          "2031-03-04|0|1|||1",
          "2031-03-04|0|3||10|1",
          "2031-03-04|1||||1",
          "2031-03-04|4||||1",
          "2031-03-04|7||2||1",
          "2031-03-04|8|6||6|1",
          "2031-03-05|0|5||8|1",
        ]);
        const { rows, plans } = table(d);
        assert.deepEqual(plans, [null, null, 4, 1, 2, null, null]);
        assert.deepEqual(rows.actual.cells, [0, 0, 3, 1, 0, 0, 0], "Standard x2 + Flex; Standard");
        assert.deepEqual(
          plans.map((p, n) => differenceTone(p, rows.actual.cells[n])),
          ["none", "none", "red", "green", "red", "none", "none"],
        );
        assert.deepEqual([rows["role-0"].total, rows["role-8"].total, rows["role-4"].total], [3, 1, 1]);
        assert.deepEqual([rows["role-7"].total, rows["role-1"].total, rows["role-9"].total], [1, 1, 0]);
        assert.deepEqual(
          ["cargo", "large", "cube", "medium", "other"].map((k) => rows[`van-${k}`].total),
          [2, 0, 1, 1, 0],
          "Cargo and Cargo Rental; Cube; Medium",
        );
        assert.equal(rows["cancelled-large"].total, 1);
        assert.deepEqual([rows["hours-10"].total, rows["hours-8"].total, rows["hours-6"].total], [2, 1, 1]);
        assert.equal(rows["hours-total"].total, 10 + 10 + 6 + 8);
      });

      await t.step(
        "the same function as GET api/falcon/ and the page; `stations` naming one works too",
        async () => {
          const params = { station: A, year: "2031", week: "9" };
          const page = await falconData(db, f.manager, falconQuery.parse(params));
          assert.deepEqual(await stat(db, f.manager, params), page);
          assert.deepEqual(await stat(db, f.manager, { stations: A, year: "2031", week: "9" }), page);
        },
      );

      await t.step("a year folds days onto weeks; a month and a day", async () => {
        const year = await stat(db, f.manager, { station: A, year: "2031" });
        assert.equal(year.date_list.length, 52);
        assert.deepEqual(year.plan_list, [
          { week_number: 9, number_of_routes: 7 },
          { week_number: 10, number_of_routes: 3 },
        ]);
        const y = table(year);
        assert.deepEqual([y.at("actual", "w9"), y.at("actual", "w10"), y.rows.actual.total], [4, 1, 5]);
        assert.deepEqual([y.plans[9], y.plans[10]], [7, 3]);
        const month = await stat(db, f.manager, { station: A, year: "2031", month: "3" });
        assert.equal(month.date_list.length, 31);
        const m = table(month);
        assert.deepEqual([m.plans.reduce((s: number, p) => s + (p ?? 0), 0), m.rows.actual.total], [10, 5]);
        assert.equal(m.at("actual", "2031-03-10"), 1);
        const day = table(await stat(db, f.manager, { station: A, day: "2031-03-04" }));
        assert.deepEqual([day.plans, day.rows.actual.cells, day.rows["hours-total"].total], [[4], [3], 26]);
      });

      await t.step("another's station is refused, not answered empty; bad queries are 400s", async () => {
        const refused = (params: Record<string, string>, viewer = f.manager) =>
          assert.rejects(
            () => stat(db, viewer, params),
            (e) =>
              e instanceof DomainError && e.code === "falcon.station_not_yours" && e.kind === "forbidden",
          );
        await refused({ station: String(f.b.id), year: "2031", week: "9" });
        await refused({ stations: String(f.b.id), day: "2031-03-04" });
        await refused({ station: "2147483647", year: "2031" });
        await assert.rejects(
          () => stat(db, f.dispatcher, { station: A, year: "2031" }),
          (e) => e instanceof DomainError && e.kind === "forbidden",
          "dispatchers may not read Falcon (falcon.read)",
        );
        const bads: Record<string, string>[] = [
          { year: "2031" },
          { stations: `${A}_${f.b.id}`, year: "2031" },
          { station: A },
        ];
        for (const bad of bads) {
          await assert.rejects(
            () => stat(db, f.manager, bad),
            (e) => e instanceof Error && e.name === "ZodError",
          );
        }
      });
    } finally {
      await h.close();
    }
  });
}
