// The tracker's plain-field write (route, counters, ticks: patch-plain.ts), a statement prepared once per
// set of columns, on both databases: values, versions and the report's stamp land; a second set of columns
// is its own statement; an edit that saw an older version of the row still merges its own fields over
// someone else's newer one, by field. And the row the server remembers from its last read or write: used
// for the next edit only while the row is unchanged; any change to the row, a refusal or a station the
// viewer has lost is decided on a fresh read; the names it shows only while no DA, van or scanner was
// renamed since.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { testPglite, testPostgres } from "../helpers/db.ts";
import { scanners, shiftRecords, shiftReports, users, vans } from "../../lib/db/schema.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { patchRecord } from "../../lib/shifts/tracker/patch.ts";
import { recordPatchInput } from "../../lib/shifts/inputs.ts";
import type { Db } from "../../lib/db/client.ts";
import { activeDas, day, makeReport, record, userId } from "./tracker-fixture.ts";
import { newRequestRecord, withRequest } from "../../lib/log/request-context.ts";
import { DomainError } from "../../lib/errors.ts";

/** The demo dispatcher as the tracker sees them (stations DON9 and DTO3). */
const dispatcherOf = async (db: Db) => ({
  id: await userId(db, "dispatcher@example.com"),
  role: 1 as const,
  stationIds: [1, 2],
  can_create_old_shifts: false,
});

async function plainWrites(db: Db) {
  const viewer = await dispatcherOf(db);
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

/** Edits of one row as the server makes them: in a request whose session check read org epoch `epoch`. */
async function rememberedRows(db: Db) {
  const dispatcher = await dispatcherOf(db);
  const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 1), rows: 1 });
  const [a] = rep.recordIds;
  const patch = async (body: Record<string, unknown>, epoch = "e1", viewer = dispatcher) => {
    const request = newRequestRecord("PATCH");
    request.orgEpoch = epoch;
    const row = await withRequest(request, () => patchRecord(db, viewer, a, recordPatchInput.parse(body)));
    // A "read" phase is a round trip to read the row; without one the remembered row was used.
    return { row, read: request.timings?.read !== undefined };
  };
  const refused = async (body: Record<string, unknown>, code: string, viewer = dispatcher) => {
    const request = newRequestRecord("PATCH");
    request.orgEpoch = "e1";
    await assert.rejects(
      withRequest(request, () => patchRecord(db, viewer, a, recordPatchInput.parse(body))),
      (e: unknown) => e instanceof DomainError && e.code === code,
    );
  };

  let r = await patch({ version: 1, route: "R1" });
  assert.equal(r.read, true);
  r = await patch({ version: 2, route: "R2", uta: 1 });
  assert.deepEqual([r.read, r.row.version, r.row.route, r.row.uta], [false, 3, "R2", 1]);
  assert.equal((await record(db, a)).route, "R2");
  // The answer is the row as written, with its joins read afresh.
  const [da] = await activeDas(db, 1);
  await db.update(shiftRecords).set({ driverId: da }).where(eq(shiftRecords.id, a));
  r = await patch({ version: 3, route: "R3" });
  assert.equal(r.read, true, "a write from elsewhere (without a version bump) makes the row read again");
  assert.equal(r.row.driver?.id, da);
  r = await patch({ version: 4, route: "R4" }, "e2");
  assert.equal(r.read, true, "another org epoch (a setting changed) reads again");
  r = await patch({ version: 5, route: "R5" }, "e2");
  assert.equal(r.read, false);

  // Cancelled behind this server's back: the remembered row says open, the fresh one refuses.
  await db.update(shiftRecords).set({ daStatus: 3 }).where(eq(shiftRecords.id, a));
  await refused({ version: 6, route: "R6" }, "tracker.row_locked");
  await db.update(shiftRecords).set({ daStatus: 0 }).where(eq(shiftRecords.id, a));
  r = await patch({ version: 6, route: "R6" });
  assert.equal(r.row.route, "R6");
  // A viewer who no longer has the station: the remembered row does not lend them the write.
  await refused({ version: 7, route: "R7" }, "common.not_found", { ...dispatcher, stationIds: [2] });
  assert.equal((await record(db, a)).route, "R6");
  // A conflict is reported with the row as it is now.
  await db.update(shiftRecords).set({ route: "THEIRS", version: 9, fieldVersions: { route: 9 } })
    .where(eq(shiftRecords.id, a));
  await refused({ version: 8, route: "MINE" }, "tracker.conflict");
  r = await patch({ version: 9, route: "MINE" });
  assert.deepEqual([r.row.route, r.row.version], ["MINE", 10]);

  // The names an answer shows are the names as they are: a DA renamed since the row was remembered
  // makes the server read the row again after its write; a change to the DA that names nothing does not.
  await db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, da));
  r = await patch({ version: 10, route: "N1" });
  assert.deepEqual([r.read, r.row.driver?.first_name, r.row.route, r.row.version], [
    true,
    "Renamed",
    "N1",
    11,
  ]);
  await db.update(users).set({ mobileNumber: "+12065550199" }).where(eq(users.id, da));
  r = await patch({ version: 11, route: "N2" });
  assert.deepEqual([r.read, r.row.driver?.first_name, r.row.route], [false, "Renamed", "N2"]);
  // Vans and scanners move the same epoch when what the tracker shows of them changes.
  const names = async () =>
    rowsOf<{ e: string }>(
      await db.execute(sql`select epoch::text as e from cache_epochs where key = 'names'`),
    )[0]
      .e;
  const before = await names();
  await db.update(vans).set({ number: "RENUMBERED" }).where(
    eq(vans.id, (await db.select().from(vans))[0].id),
  );
  await db.update(scanners).set({ serialNumber: "SN-NEW" })
    .where(eq(scanners.id, (await db.select().from(scanners))[0].id));
  assert.equal(Number(await names()), Number(before) + 2);
}

Deno.test("tracker plain write (pglite): prepared per column set, versions and stamp, remembered rows", async () => {
  const h = await testPglite({ demo: true });
  try {
    await plainWrites(h.db);
    await rememberedRows(h.db);
  } finally {
    await h.close();
  }
});

Deno.test({
  name: "tracker plain write (postgres): prepared per column set, versions and stamp, remembered rows",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const h = await testPostgres({ demo: true });
    try {
      await plainWrites(h.db as unknown as Db);
      await rememberedRows(h.db as unknown as Db);
    } finally {
      await h.close();
    }
  },
});
