import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { makeSpot, makeStation, makeUser } from "../demo/factories.ts";
import { agencies } from "../org/schema.ts";
import { scheduleReports } from "../schedule/schema.ts";
import { payrollReport, payrollRows } from "./queries.ts";

for (const engine of ENGINES) {
  Deno.test(`payroll rows: scoped in SQL, agency by spot then user, helper hours (${engine.name})`, async () => {
    const h = await engine.open();
    try {
      const db = h.db;
      const [a, b] = [await makeStation(db), await makeStation(db)];
      const [spotAgency] = await db.insert(agencies).values({
        name: `Spot ${a.id}`,
        payRatePerHourCents: 2501,
      })
        .returning();
      const [ownAgency] = await db.insert(agencies).values({ name: `Own ${a.id}`, payRatePerHourCents: 1000 })
        .returning();
      const ann = await makeUser(db, {
        role: 5,
        firstName: "Ann",
        ratePerHourCents: 1999,
        agencyId: ownAgency.id,
      });
      const bo = await makeUser(db, {
        role: 5,
        firstName: "Bo",
        ratePerHourCents: 2000,
        agencyId: ownAgency.id,
      });
      const gone = await makeUser(db, { role: 5, firstName: "Cy", status: 3, ratePerHourCents: 2000 });
      await makeSpot(db, ann.id, a.id, { agencyId: spotAgency.id });
      await makeSpot(db, bo.id, a.id);
      await makeSpot(db, bo.id, b.id);
      await db.insert(scheduleReports).values([
        { userId: ann.id, stationId: a.id, scheduleDate: "2031-03-02", role: 13, helperOfId: bo.id },
        { userId: bo.id, stationId: a.id, scheduleDate: "2031-03-02", role: 5, roleHours: "6.25" },
        { userId: bo.id, stationId: b.id, scheduleDate: "2031-03-03", role: 0 },
        { userId: gone.id, stationId: a.id, scheduleDate: "2031-03-03", role: 0 },
        { userId: ann.id, stationId: a.id, scheduleDate: "2031-03-09", role: 0 },
      ]);
      const week = { kind: "week" as const, year: 2031, week: 9 };
      const rows = await payrollRows(db, [a.id], week);
      assert.deepEqual(
        rows.map((r) => [r.user_name.split(" ")[0], r.date, r.role_hours, r.pay, r.agency, r.agency_pay]),
        [
          ["Ann", "2031-03-02", "6.25", "124.94", `Spot ${a.id}`, "156.31"],
          ["Bo", "2031-03-02", "6.25", "125.00", `Own ${a.id}`, "62.50"],
        ],
        "station b's day, the blacklisted DA and next week's day are not rows",
      );
      assert.equal((await payrollRows(db, [a.id], week, { activeOffboarded: false })).length, 3);
      assert.equal((await payrollRows(db, [a.id, b.id], week)).length, 3);
      assert.equal((await payrollRows(db, [], week)).length, 0);
      const report = await payrollReport(db, [b.id], week);
      assert.deepEqual(report.data.userList.map((u) => [u.id, u.station_spots.map((s) => s.station.id)]), [
        [bo.id, [b.id]],
      ]);
    } finally {
      await h.close();
    }
  });
}
