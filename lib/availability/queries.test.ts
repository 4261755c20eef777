import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { makeSpot, makeStation, makeUser } from "../demo/factories.ts";
import { scheduleReports } from "../schedule/schema.ts";
import { shiftRecords, shiftReports } from "../shifts/schema.ts";
import { trackerCounts } from "./queries.ts";

for (const engine of ENGINES) {
  Deno.test(`tracker counts: DA-days from both sources, one station (${engine.name})`, async () => {
    const h = await engine.open();
    try {
      const db = h.db;
      const [a, b] = [await makeStation(db), await makeStation(db)];
      const ann = await makeUser(db, { role: 5, firstName: "Ann" });
      const idle = await makeUser(db, { role: 5, firstName: "Idle" });
      const inactive = await makeUser(db, { role: 5, firstName: "Gone", status: 6 });
      for (const u of [ann, idle, inactive]) await makeSpot(db, u.id, a.id);
      await db.insert(scheduleReports).values([
        { userId: ann.id, stationId: a.id, scheduleDate: "2031-03-02", role: 0, isAvailable: true },
        { userId: ann.id, stationId: a.id, scheduleDate: "2031-03-03", role: 15, isAvailable: true },
        { userId: ann.id, stationId: b.id, scheduleDate: "2031-03-04", role: 16, isAvailable: true },
      ]);
      const [ra, rb] = await db.insert(shiftReports).values([
        { stationId: a.id, reportDate: "2031-03-02", weekNumber: 9, year: 2031 },
        { stationId: a.id, reportDate: "2031-03-03", weekNumber: 9, year: 2031 },
      ]).returning();
      await db.insert(shiftRecords).values([
        { reportId: ra.id, reportDate: ra.reportDate, role: 0, driverId: ann.id, daStatus: 1 },
        { reportId: rb.id, reportDate: rb.reportDate, role: 9, driverId: ann.id, daStatus: 3 },
      ]);
      const rows = await trackerCounts(db, a.id, "2031-03-01", "2031-03-31");
      assert.deepEqual(rows.map((r) => r.id), [ann.id, idle.id], "the inactive DA without days is left out");
      const [r] = rows;
      assert.deepEqual(
        [
          r.availability_count,
          r.actual_shifts,
          r.confirmed,
          r.rejected,
          r.client_cancelled,
          r.mycu_cancelled,
        ],
        [2, 1, 1, 0, 0, 1],
        "the MYCU day is in both sources and counts once; station b's rejection is not a's",
      );
      assert.deepEqual(
        (await trackerCounts(db, b.id, "2031-03-01", "2031-03-31")).map((x) => [x.id, x.rejected]),
        [
          [ann.id, 1],
        ],
      );
    } finally {
      await h.close();
    }
  });
}
