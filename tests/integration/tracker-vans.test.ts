// Van assignment against a writer that ignores the tracker's day lock (an import, a script): the partial
// unique index (report_date, van_id) is the last word. On PostgreSQL, where two connections really race.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { testPglite, testPostgres } from "../helpers/db.ts";
import { shiftRecords } from "../../lib/db/schema.ts";
import { patchRecord } from "../../lib/shifts/tracker/patch.ts";
import { freeVans } from "../../lib/shifts/tracker/vans.ts";
import { DomainError } from "../../lib/errors.ts";
import { TRACKER } from "../../lib/shifts/tracker/errors.ts";
import { recordPatchInput } from "../../lib/shifts/inputs.ts";
import { activeDas, day, makeReport, record, userId, vansOf } from "./tracker-fixture.ts";

Deno.test({
  name: "postgres: a van taken by an uncommitted writer is skipped for the next free one",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const h = await testPostgres({ demo: true });
    const db = h.db;
    try {
      const viewer = {
        id: await userId(db, "dispatcher@example.com"),
        role: 1 as const,
        stationIds: [1, 2],
        can_create_old_shifts: false,
      };
      const das = await activeDas(db, 1);
      const date = await day(db, 1);
      const rep = await makeReport(db, { stationId: 1, reportDate: date, rows: 2 });
      const [mine, theirs] = rep.recordIds;
      await db.update(shiftRecords).set({ driverId: das[0] }).where(eq(shiftRecords.id, mine));
      const [best] = await freeVans(db, {
        recordId: mine,
        reportDate: date,
        stationId: 1,
        driverId: das[0],
        currentVanId: null,
      }, 1);

      // Another writer puts the best van on its row and holds its transaction open.
      let release!: () => void;
      let started!: () => void;
      const holding = new Promise<void>((r) => (started = r));
      const other = db.transaction(async (tx) => {
        await tx.update(shiftRecords).set({ vanId: best.id }).where(eq(shiftRecords.id, theirs));
        started();
        await new Promise<void>((r) => (release = r));
      });
      await holding;
      const mineDone = patchRecord(db, viewer, mine, recordPatchInput.parse({ version: 2, fleet_size: 1 }));
      await new Promise((r) => setTimeout(r, 300));
      release();
      await other;
      const dto = await mineDone;
      assert.ok(dto.van && dto.van.id !== best.id, "the next free van, not the one the other writer took");
      assert.equal((await record(db, theirs)).vanId, best.id);
    } finally {
      await h.close();
    }
  },
});

Deno.test({
  name: "pglite: every van of a size used once that day, then 'No free vans!'",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const h = await testPglite({ demo: true });
    const db = h.db;
    try {
      const viewer = {
        id: await userId(db, "manager@example.com"),
        role: 3 as const,
        stationIds: [1, 2, 3],
        can_create_old_shifts: false,
      };
      const das = await activeDas(db, 1);
      const free = (await vansOf(db, 1, 6)).filter((v) => v.status === 1);
      const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 1), rows: free.length + 1 });
      const got: number[] = [];
      for (const [i, id] of rep.recordIds.entries()) {
        await db.update(shiftRecords).set({ driverId: das[i] }).where(eq(shiftRecords.id, id));
        try {
          const dto = await patchRecord(
            db,
            viewer,
            id,
            recordPatchInput.parse({ version: 1, fleet_size: 6 }),
          );
          got.push(dto.van!.id);
        } catch (e) {
          assert.ok(
            e instanceof DomainError && e.code === TRACKER.noFreeVans && e.kind === "not_found",
            String(e),
          );
          assert.equal(e.message, "No free vans!");
          assert.equal(i, free.length, "only once all are taken");
        }
      }
      assert.deepEqual([...got].sort(), free.map((v) => v.id).sort());
    } finally {
      await h.close();
    }
  },
});
