// The 'forever' delete of a shift report on both engines: its rows go with it, freeing the day's van;
// another station's report is "Not found." (the route adds the role check, 'shift.delete').
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ENGINES } from "../../../tests/helpers/db.ts";
import { COMMON, DomainError } from "../../errors.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import { deleteReport } from "./delete.ts";
import { boardFixture, makeShiftReport, makeShiftRow } from "./_fixture.ts";

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: deleting a shift report`, async () => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await boardFixture(db);
      const { a, c } = f.reports;
      await assert.rejects(
        () => deleteReport(db, f.dispatcher, c),
        (e) => e instanceof DomainError && e.code === COMMON.notFound,
      );
      assert.equal((await db.select().from(shiftReports).where(eq(shiftReports.id, c))).length, 1);

      await deleteReport(db, f.manager, a);
      assert.equal((await db.select().from(shiftReports).where(eq(shiftReports.id, a))).length, 0);
      assert.equal((await db.select().from(shiftRecords).where(eq(shiftRecords.reportId, a))).length, 0);
      await assert.rejects(
        () => deleteReport(db, f.manager, a),
        (e) => e instanceof DomainError && e.code === COMMON.notFound,
      );

      // The van report A used that day is free again for another report of the same day.
      const again = await makeShiftReport(db, { stationId: f.stations[1].id, date: "2026-05-17" });
      await makeShiftRow(db, again, "2026-05-17", { vanId: f.van.id });
    } finally {
      await h.close();
    }
  });
}
