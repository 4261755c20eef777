import assert from "node:assert/strict";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { testPglite } from "../../tests/helpers/db.ts";
import { activeDas, day, makeReport, userId, vansOf } from "../../tests/integration/tracker-fixture.ts";
import { sampleRows, type ShiftFixtureRow, shiftXlsx } from "../../tests/fixtures/shift-xlsx.ts";
import { shiftRecords, uploads, users, vans } from "../db/schema.ts";
import { COMMON, DomainError } from "../errors.ts";
import { TRACKER } from "./tracker/errors.ts";
import { SHIFT_UPLOAD } from "./shift-upload-errors.ts";
import type { TrackerViewer } from "./tracker/queries.ts";
import { uploadShiftXlsx } from "./shift-upload.ts";

const h = await testPglite({ demo: true });
const db = h.db;
globalThis.addEventListener("unload", () => void h.close());

const dispatcher: TrackerViewer = {
  id: await userId(db, "dispatcher@example.com"),
  role: 1,
  stationIds: [1, 2],
  can_create_old_shifts: false,
};
const das1 = await db.select({
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  transporterId: users.transporterId,
})
  .from(users).where(inArray(users.id, await activeDas(db, 1))).orderBy(asc(users.id));

const file = async (
  rows: ShiftFixtureRow[],
  opts: Parameters<typeof shiftXlsx>[1] = {},
  fileName = "routes.xlsx",
) => ({
  fileName,
  contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  bytes: await shiftXlsx(rows, opts),
  size: 0,
});
const rowsOf = async (reportId: number) =>
  await db.select().from(shiftRecords).where(eq(shiftRecords.reportId, reportId)).orderBy(
    asc(shiftRecords.createdAt),
    asc(shiftRecords.id),
  );

async function refused(p: Promise<unknown>, code: string, re: RegExp) {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof DomainError, String(e));
    assert.equal(e.code, code, e.message);
    assert.match(e.message, re);
    return true;
  });
}

Deno.test("upload fills blank rows, then adds rows; vans by size; waves; packages; the file is kept", async () => {
  const date = await day(db, 1);
  const report = await makeReport(db, { stationId: 1, reportDate: date, rows: 3 });
  const five = das1.slice(0, 5);
  const rows = sampleRows(five, {
    serviceTypes: ["Standard Parcel - Cargo Van", "Standard Parcel - Medium Van"],
  });
  rows[1].transporterId = null; // matched by name
  rows.push({ route: "CX99", driverName: "Nobody Known", serviceType: "Cargo Van" });
  const out = await uploadShiftXlsx(db, dispatcher, {
    report: report.id,
    shiftDate: date,
    file: await file(rows, { variant: "day-of-plan" }),
  });
  assert.equal(out.detail, "Xlsx file was uploaded!");
  assert.deepEqual([out.updated, out.created, out.unchanged], [3, 2, 0]);
  assert.deepEqual(out.unmatched, [{ row: 7, reason: "Route CX99: no DA of DON9 is named Nobody Known." }]);
  const after = await rowsOf(report.id);
  assert.equal(after.length, 5);
  assert.deepEqual(after.map((r) => r.id).slice(0, 3), report.recordIds, "blank rows filled first");
  assert.deepEqual(
    after.map((r) => [r.route, r.driverId, r.daStatus, r.isStatusPublished, r.numberOfPackages]),
    rows.slice(0, 5).map((f, i) => [f.route, five[i].id, 0, false, f.packages]),
  );
  assert.deepEqual(
    after.map((r) => r.waveTime),
    ["Wave 1", "Wave 2", "Wave 3", "Wave 4", "Wave 5"],
    "five distinct wave times",
  );
  const sizes = await db.select({ id: vans.id, size: vans.fleetSizeId, station: vans.stationId }).from(vans)
    .where(inArray(vans.id, after.map((r) => r.vanId!)));
  assert.equal(new Set(after.map((r) => r.vanId)).size, 5, "five different vans");
  for (const [i, r] of after.entries()) {
    const v = sizes.find((s) => s.id === r.vanId)!;
    assert.deepEqual([v.station, v.size], [1, i % 2 ? 6 : 1]);
  }
  assert.ok(
    after.every((r) => r.version === 2 && r.fieldVersions.driver === 2 && r.fieldVersions.route === 2),
  );
  const [kept] = await db.select().from(uploads).where(eq(uploads.id, out.upload_id!));
  assert.deepEqual([kept.kind, kept.stationId, kept.uploadedById, kept.meta.report], [
    "shift-xlsx",
    1,
    dispatcher.id,
    report.id,
  ]);

  await t2(report.id, date, rows);
});

/** The same file again changes nothing (and keeps no second copy). */
async function t2(reportId: number, date: string, rows: ShiftFixtureRow[]) {
  const before = await rowsOf(reportId);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(uploads);
  const again = await uploadShiftXlsx(db, dispatcher, {
    report: reportId,
    shiftDate: date,
    file: await file(rows, { variant: "day-of-plan" }),
  });
  assert.deepEqual([again.updated, again.created, again.unchanged, again.upload_id], [0, 0, 5, null]);
  assert.deepEqual(await rowsOf(reportId), before);
  assert.equal((await db.select({ n: sql<number>`count(*)::int` }).from(uploads))[0].n, n);
}

Deno.test("a route already on the report is updated in place: new DA pending, locked rows left alone", async () => {
  const date = await day(db, 1);
  const report = await makeReport(db, { stationId: 1, reportDate: date, rows: 3 });
  const [a, b, c, d] = das1.slice(5, 9);
  const [van] = await vansOf(db, 1, 6);
  await db.update(shiftRecords).set({
    route: "CX5",
    driverId: a.id,
    daStatus: 1,
    isStatusPublished: true,
    vanId: van.id,
  })
    .where(eq(shiftRecords.id, report.recordIds[0]));
  await db.update(shiftRecords).set({
    route: "CX6",
    driverId: b.id,
    daStatus: 2,
    role: 10,
    roleHours: "0.00",
  })
    .where(eq(shiftRecords.id, report.recordIds[1]));
  await db.update(shiftRecords).set({ driverId: d.id }).where(eq(shiftRecords.id, report.recordIds[2]));
  const out = await uploadShiftXlsx(db, dispatcher, {
    report: report.id,
    shiftDate: date,
    file: await file([
      { route: "cx5", transporterId: a.transporterId, serviceType: "Medium Van", waveTime: "Wave 2" },
      { route: "CX6", transporterId: c.transporterId, serviceType: "Cargo Van", waveTime: "Wave 2" },
      { route: "CX7", transporterId: d.transporterId, serviceType: "Cargo Van", waveTime: "Wave 3" },
    ]),
  });
  assert.deepEqual([out.updated, out.created], [2, 0]);
  assert.equal(out.unmatched.length, 1);
  assert.match(
    out.unmatched[0].reason,
    /^Route CX6: row 2 has this route and is locked: the DA's shift is rejected/,
  );
  const [r1, r2, r3] = await rowsOf(report.id);
  assert.deepEqual([r1.route, r1.driverId, r1.daStatus, r1.isStatusPublished, r1.vanId, r1.waveTime], [
    "cx5",
    a.id,
    1,
    true,
    van.id,
    "Wave 2",
  ], "same DA, same van size: status and van kept");
  assert.deepEqual([r2.route, r2.driverId, r2.daStatus], ["CX6", b.id, 2], "locked row untouched");
  assert.deepEqual(
    [r3.route, r3.driverId, r3.waveTime],
    ["CX7", d.id, "Wave 3"],
    "the DA's routeless row gets the route",
  );
  assert.ok(r3.vanId);
});

Deno.test("all or nothing: a failure while writing leaves the report and the uploads as they were", async () => {
  const date = await day(db, 1);
  const report = await makeReport(db, { stationId: 1, reportDate: date, rows: 2 });
  const before = await rowsOf(report.id);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(uploads);
  await db.execute(sql`create or replace function boom() returns trigger language plpgsql as $$
    begin if new.route = 'CX-BOOM' then raise exception 'disk on fire'; end if; return new; end $$`);
  await db.execute(
    sql`create trigger boom before update on shift_records for each row execute function boom()`,
  );
  try {
    const rows = sampleRows(das1.slice(10, 14));
    rows[3].route = "CX-BOOM";
    await assert.rejects(
      uploadShiftXlsx(db, dispatcher, { report: report.id, shiftDate: date, file: await file(rows) }),
      (e: Error & { cause?: Error }) => /disk on fire/.test(`${e?.message} ${e?.cause?.message}`),
    );
  } finally {
    await db.execute(sql`drop trigger boom on shift_records`);
  }
  assert.deepEqual(await rowsOf(report.id), before);
  assert.equal((await db.select({ n: sql<number>`count(*)::int` }).from(uploads))[0].n, n);
});

Deno.test("no free van of the size: the row is written without a van, with a warning", async () => {
  const date = await day(db, 2);
  const report = await makeReport(db, { stationId: 1, reportDate: date, rows: 0 });
  const large = await vansOf(db, 1, 2);
  const free = large.filter((v) => v.status === 1).length;
  const rows = sampleRows(das1.slice(0, free + 1), { serviceTypes: ["Standard Parcel - Large Van"] });
  const out = await uploadShiftXlsx(db, dispatcher, {
    report: report.id,
    shiftDate: date,
    file: await file(rows),
  });
  assert.equal(out.created, free + 1);
  assert.deepEqual(out.warnings, [{
    row: free + 2,
    reason: `Route CX${free + 1}: no free Large Van at DON9; the row has no van yet.`,
  }]);
  const after = await rowsOf(report.id);
  assert.equal(after.filter((r) => r.vanId).length, free);
});

Deno.test("refusals: another date, a closed report, another station, a file with no placeable row", async () => {
  const date = await day(db, 1);
  const report = await makeReport(db, { stationId: 1, reportDate: date, rows: 1 });
  const ok = await file(sampleRows(das1.slice(0, 2)));
  await refused(
    uploadShiftXlsx(db, dispatcher, { report: report.id, shiftDate: await day(db, 2), file: ok }),
    TRACKER.uploadDateMismatch,
    /is not this report's date/,
  );
  const old = await makeReport(db, { stationId: 1, reportDate: await day(db, -3), rows: 1 });
  await refused(
    uploadShiftXlsx(db, dispatcher, { report: old.id, shiftDate: await day(db, -3), file: ok }),
    TRACKER.reportClosed,
    /^This report is closed/,
  );
  const veteran = { ...dispatcher, can_create_old_shifts: true };
  const done = await uploadShiftXlsx(db, veteran, { report: old.id, shiftDate: await day(db, -3), file: ok });
  assert.equal(done.updated + done.created, 2, "old-shift access opens the closed report");
  const far = await makeReport(db, { stationId: 3, reportDate: date, rows: 1 });
  await refused(
    uploadShiftXlsx(db, dispatcher, { report: far.id, shiftDate: date, file: ok }),
    COMMON.notFound,
    /Not found/,
  );
  const nobody = await file([{ route: "CX1", driverName: "No Such Person" }], {}, "day.xlsx");
  await assert.rejects(
    uploadShiftXlsx(db, dispatcher, { report: report.id, shiftDate: date, file: nobody }),
    (e: unknown) => {
      assert.ok(e instanceof DomainError && e.code === SHIFT_UPLOAD.unmatched && e.kind === "invalid");
      assert.match(e.message, /^day\.xlsx: no row of the file could be placed/);
      assert.deepEqual(e.data.warnings, []);
      assert.deepEqual(e.data.unmatched, [{
        row: 2,
        reason: "Route CX1: no DA of DON9 is named No Such Person.",
      }]);
      return true;
    },
  );
  const [r] = await rowsOf(report.id);
  assert.equal(r.driverId, null);
  assert.ok(
    (await db.select().from(shiftRecords).where(and(eq(shiftRecords.reportId, far.id)))).every((x) =>
      !x.driverId
    ),
  );
});

Deno.test("vans can change hands within one upload (the one-van-a-day index holds at every statement)", async () => {
  const date = await day(db, 3);
  const cargo = (await vansOf(db, 1, 1)).filter((v) => v.status === 1);
  const medium = (await vansOf(db, 1, 6)).filter((v) => v.status === 1);
  const others = [...cargo.slice(1), ...medium.slice(1)];
  const report = await makeReport(db, { stationId: 1, reportDate: date, rows: 2 + others.length });
  const [a, b, ...rest] = das1;
  const [ra, rb, ...fill] = report.recordIds;
  await db.update(shiftRecords).set({ route: "CX1", driverId: a.id, vanId: cargo[0].id }).where(
    eq(shiftRecords.id, ra),
  );
  await db.update(shiftRecords).set({ route: "CX2", driverId: b.id, vanId: medium[0].id }).where(
    eq(shiftRecords.id, rb),
  );
  for (const [i, v] of others.entries()) {
    await db.update(shiftRecords).set({ route: `CX${100 + i}`, driverId: rest[i].id, vanId: v.id }).where(
      eq(shiftRecords.id, fill[i]),
    );
  }
  const out = await uploadShiftXlsx(db, dispatcher, {
    report: report.id,
    shiftDate: date,
    file: await file([
      { route: "CX1", transporterId: a.transporterId, serviceType: "Medium Van" },
      { route: "CX2", transporterId: b.transporterId, serviceType: "Cargo Van" },
    ]),
  });
  assert.deepEqual([out.updated, out.warnings], [2, []]);
  const after = await rowsOf(report.id);
  assert.deepEqual([after[0].vanId, after[1].vanId], [medium[0].id, cargo[0].id]);
  assert.deepEqual([after[0].fieldVersions.van, after[1].fieldVersions.van], [
    after[0].version,
    after[1].version,
  ]);
});
