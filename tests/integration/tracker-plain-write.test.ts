// The tracker's plain-field write (route, counters, ticks: patch.ts writeIfUnchanged), a statement
// prepared once per set of columns, on both databases: values, versions and the report's stamp land; a
// second set of columns is its own statement; an edit that saw an older version of the row still merges
// its own fields over someone else's newer one, by field.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { testPglite, testPostgres } from "../helpers/db.ts";
import { shiftRecords, shiftReports } from "../../lib/db/schema.ts";
import { patchRecord } from "../../lib/shifts/tracker/patch.ts";
import { recordPatchInput } from "../../lib/shifts/inputs.ts";
import type { Db } from "../../lib/db/client.ts";
import { day, makeReport, record, userId } from "./tracker-fixture.ts";

async function plainWrites(db: Db) {
  const viewer = {
    id: await userId(db, "dispatcher@example.com"),
    role: 1 as const,
    stationIds: [1, 2],
    can_create_old_shifts: false,
  };
  const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 1), rows: 2 });
  const [a, b] = rep.recordIds;
  const patch = (id: number, body: Record<string, unknown>) =>
    patchRecord(db, viewer, id, recordPatchInput.parse(body));

  const first = await patch(a, { version: 1, route: "CX-1", number_of_packages: 210 });
  assert.equal(first.route, "CX-1");
  assert.equal(first.number_of_packages, 210);
  assert.equal(first.version, 2);
  // The same columns again (the prepared statement reused), then another set on another row.
  const again = await patch(a, { version: 2, route: "CX-2", number_of_packages: 211 });
  assert.equal(again.version, 3);
  const other = await patch(b, { version: 1, uta: 3 });
  assert.equal(other.uta, 3);

  const rowA = await record(db, a);
  assert.equal(rowA.route, "CX-2");
  assert.equal(rowA.numberOfPackages, 211);
  assert.deepEqual(rowA.fieldVersions, { route: 3, number_of_packages: 3 });
  assert.equal(rowA.updatedById, viewer.id);
  const rowB = await record(db, b);
  assert.equal(rowB.uta, 3);
  assert.equal(rowB.route, null);
  const [stamp] = await db.select({ by: shiftReports.editedById }).from(shiftReports)
    .where(eq(shiftReports.id, rep.id));
  assert.equal(stamp.by, viewer.id);

  // Someone else's write since: an edit that saw version 3 of another field still merges, by field.
  await db.update(shiftRecords).set({ version: 4, uta: 9, fieldVersions: { ...rowA.fieldVersions, uta: 4 } })
    .where(eq(shiftRecords.id, a));
  const merged = await patch(a, { version: 3, route: "CX-3" });
  assert.equal(merged.route, "CX-3");
  assert.equal(merged.uta, 9);
  assert.equal(merged.version, 5);
}

Deno.test("tracker plain write (pglite): prepared per column set, versions and stamp", async () => {
  const h = await testPglite({ demo: true });
  try {
    await plainWrites(h.db);
  } finally {
    await h.close();
  }
});

Deno.test({
  name: "tracker plain write (postgres): prepared per column set, versions and stamp",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const h = await testPostgres({ demo: true });
    try {
      await plainWrites(h.db as unknown as Db);
    } finally {
      await h.close();
    }
  },
});
