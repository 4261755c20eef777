import assert from "node:assert/strict";
import { and, asc, eq, sql } from "drizzle-orm";
import { testPglite } from "../../tests/helpers/db.ts";
import { stationSpots, users, vans } from "../org/schema.ts";
import { statusChanges } from "../history/schema.ts";
import { uploads } from "../uploads/schema.ts";
import { DomainError } from "../errors.ts";
import { ROSTER } from "./errors.ts";
import type { UploadedFile } from "../uploads/guard.ts";
import { commitRoster, previewRoster } from "./import.ts";

const h = await testPglite({ demo: true });
globalThis.addEventListener("unload", () => void h.close());
const db = h.db;
const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, "manager@example.com"));
const viewer = { id: manager.id, stationIds: [1, 2, 3] };

const HEAD =
  "First Name,Last Name,Email,Phone,Transporter ID,Badge,Driver License,License Expiry,Station,Agency,Status";
const file = (text: string, fileName = "roster.csv"): UploadedFile => {
  const bytes = new TextEncoder().encode(text);
  return { fileName, contentType: "text/csv", size: bytes.length, bytes };
};

async function counts() {
  const [r] = (await db.execute(sql`select
    (select count(*)::int from users) as users, (select count(*)::int from station_spots) as spots,
    (select count(*)::int from status_changes) as history, (select count(*)::int from uploads) as uploads,
    (select count(*)::int from vans) as vans,
    (select coalesce(sum(hashtext(u::text)), 0)::text from users u) as fingerprint`)).rows as Record<
    string,
    unknown
  >[];
  return r;
}

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof DomainError, String(e));
    return e;
  }
  throw new Error("expected a refusal");
}

async function firstDa(stationId: number) {
  const [d] = await db.select({ id: users.id, tid: users.transporterId, status: users.status }).from(users)
    .innerJoin(stationSpots, eq(stationSpots.userId, users.id))
    .where(and(eq(users.role, 5), eq(stationSpots.stationId, stationId), eq(users.status, 1))).orderBy(
      asc(users.id),
    ).limit(1);
  return { ...d, tid: d.tid! };
}

Deno.test("commit creates and updates in one go, keeps the file, writes history; the same file again changes nothing", async () => {
  const da = await firstDa(2);
  const f = file(`${HEAD}
Jane,Example,jane.example@example.com,(206) 555-0100,A2EXAMPLE00001,40112,WDL1,31-12-2027,DON9,Direct Hire,Active
,,,,${da.tid},,,,,,Off Boarded
`);
  const preview = await previewRoster(db, viewer, "das", f);
  assert.deepEqual(preview.counts, { create: 1, update: 1, unchanged: 0, reject: 0 });
  const done = await commitRoster(db, viewer, "das", f);
  assert.equal(done.detail, "Imported roster.csv: 1 new DA, 1 update.");
  assert.deepEqual([done.created, done.updated, done.unchanged, done.skipped], [1, 1, 0, 0]);

  const [jane] = await db.select().from(users).where(eq(users.transporterId, "A2EXAMPLE00001"));
  assert.deepEqual([
    jane.role,
    jane.passwordHash,
    jane.isActive,
    jane.status,
    jane.email,
    jane.driverLicenseExpiry,
  ], [5, null, true, 1, "jane.example@example.com", "2027-12-31"]);
  const spots = await db.select().from(stationSpots).where(eq(stationSpots.userId, jane.id));
  assert.deepEqual(spots.map((s) => s.stationId), [1]);
  assert.equal(spots[0].agencyId, jane.agencyId);

  const [moved] = await db.select().from(users).where(eq(users.id, da.id));
  assert.deepEqual([moved.status, moved.isActive, moved.lastStatusChangedById], [5, false, manager.id]);
  const history = await db.select().from(statusChanges).where(
    and(eq(statusChanges.entity, "da"), eq(statusChanges.entityId, da.id)),
  );
  assert.equal(history.length, 1);
  assert.deepEqual([history[0].fromStatus, history[0].toStatus, history[0].changedById], [1, 5, manager.id]);
  assert.match(history[0].note!, /^Roster import: roster\.csv \(upload \d+\)$/);

  const [kept] = await db.select().from(uploads).where(eq(uploads.id, done.upload_id!));
  assert.deepEqual([kept.kind, kept.fileName, kept.uploadedById, kept.size], [
    "roster-das",
    "roster.csv",
    manager.id,
    f.size,
  ]);
  assert.deepEqual(new Uint8Array(kept.data), f.bytes);

  const before = await counts();
  const again = await commitRoster(db, viewer, "das", f);
  assert.deepEqual([again.upload_id, again.created, again.updated, again.unchanged], [null, 0, 0, 2]);
  assert.equal(again.detail, "Nothing to import: 2 rows already up to date.");
  assert.deepEqual(await counts(), before, "the second import wrote nothing, not even the file");
});

Deno.test("rejected rows: without the preview's digest nothing is written; with it they are skipped", async () => {
  const f = file(
    `${HEAD}\nKim,Valid,kim@example.com,,AKIMVALID0001,,,,DON9,,\nBad,Row,bad@example.com,,AKIMBAD000001,,,,DON9,Ghost,\n`,
    "mixed.csv",
  );
  const before = await counts();
  const e = await refusal(commitRoster(db, viewer, "das", f));
  assert.deepEqual([e.code, e.kind], [ROSTER.previewNeeded, "invalid"]);
  assert.equal(
    e.message,
    "mixed.csv: 1 row would be skipped. Preview the file to see them, then import. Nothing was imported.",
  );
  assert.deepEqual(await counts(), before);

  const preview = await previewRoster(db, viewer, "das", f);
  assert.deepEqual(preview.reject, [{
    row: 3,
    column: "Agency",
    reason: "Agency 'Ghost' does not exist: add it under Reference data first",
  }]);
  const done = await commitRoster(db, viewer, "das", f, preview.digest);
  assert.deepEqual([done.created, done.skipped], [1, 1]);
  assert.equal(done.detail, "Imported mixed.csv: 1 new DA, 1 row skipped.");
});

Deno.test("the plan changed since the preview: 409 and nothing written", async () => {
  const da = await firstDa(1);
  const f = file(
    `${HEAD}\n,,,,${da.tid},,,,,,Inactive\nNew,Person,new.person@example.com,,ANEWPERSON001,,,,DON9,,\n`,
    "late.csv",
  );
  const preview = await previewRoster(db, viewer, "das", f);
  await db.update(users).set({ status: 6 }).where(eq(users.id, da.id));
  const before = await counts();
  const e = await refusal(commitRoster(db, viewer, "das", f, preview.digest));
  assert.deepEqual([e.code, e.kind], [ROSTER.changedSincePreview, "conflict"]);
  assert.equal(
    e.message,
    "late.csv: the DAs changed since the preview. Nothing was imported; preview the file again.",
  );
  assert.deepEqual(await counts(), before);
});

Deno.test("all or nothing: a failure in the last statement leaves no DA, spot, history or file behind", async () => {
  const da = await firstDa(1);
  const f = file(
    `${HEAD}\nTia,Fail,tia.fail@example.com,,ATIAFAIL00001,,,,DON9,,\n,,,,${da.tid},,,,,,Blacklisted\n`,
    "boom.csv",
  );
  await db.execute(
    sql`create function roster_test_boom() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`,
  );
  await db.execute(
    sql`create trigger roster_test_boom before insert on status_changes for each row execute function roster_test_boom()`,
  );
  const before = await counts();
  try {
    await assert.rejects(commitRoster(db, viewer, "das", f), /boom/);
  } finally {
    await db.execute(sql`drop trigger roster_test_boom on status_changes`);
    await db.execute(sql`drop function roster_test_boom()`);
  }
  assert.deepEqual(await counts(), before);
  assert.equal((await db.select().from(users).where(eq(users.transporterId, "ATIAFAIL00001"))).length, 0);
});

Deno.test("vans: create, update with a station move and a status change with its reason, history 'van'", async () => {
  const [v] = await db.select().from(vans).where(and(eq(vans.stationId, 1), eq(vans.status, 1))).orderBy(
    asc(vans.id),
  ).limit(1);
  const f = file(
    `Number,Plate,Station,Monthly Rate,Status,Out of Service Reason\n990,XYZ9999,HYZ1,1195,Available,\n${v.number},,HYZ1,,Out of Service,Malfunction\n`,
    "vans.csv",
  );
  const done = await commitRoster(db, viewer, "vans", f);
  assert.equal(done.detail, "Imported vans.csv: 1 new van, 1 update.");
  const [created] = await db.select().from(vans).where(eq(vans.number, "990"));
  assert.deepEqual([created.plateNumber, created.stationId, created.monthlyRateCents, created.status], [
    "XYZ9999",
    2,
    119_500,
    1,
  ]);
  const [after] = await db.select().from(vans).where(eq(vans.id, v.id));
  assert.deepEqual([after.stationId, after.status, after.statusChangeReason, after.lastStatusChangedById], [
    2,
    2,
    2,
    manager.id,
  ]);
  const [hist] = await db.select().from(statusChanges).where(
    and(eq(statusChanges.entity, "van"), eq(statusChanges.entityId, v.id)),
  );
  assert.deepEqual([hist.fromStatus, hist.toStatus, hist.reason], [1, 2, 2]);
  const [kept] = await db.select({ kind: uploads.kind }).from(uploads).where(eq(uploads.id, done.upload_id!));
  assert.equal(kept.kind, "roster-vans");
  assert.equal(
    (await commitRoster(db, viewer, "vans", f)).upload_id,
    null,
    "the same file again changes nothing",
  );
});
