// The Pulse statistics (lib/pulse, 03 2.7) through the real app, against figures counted by hand on the
// small organisation below, and their station scoping; the /scorecard page for a manager, not a dispatcher.
//
// Stations A and B. Week 10 of 2031 = Sun 02-03 .. Sat 08-03 (the API's week=9). At A:
//   schedule: Ann available 03-03, 04-03, 05-03; Bob available 04-03, Rejected (16) on 06-03.
//   04-03 r1 Standard, Ann (+ Bob second seat, confirmed), van V1, 200 packages, 100 stops, uta 2,
//            missing 1, late, launchpad, checklist, rescue given 1, Ann confirmed;
//         r2 Flex, Bob, van V2, 100 packages, 50 stops, nsl 1, on time, rescue taken 1, pending;
//         r3 No Show, Ann, late (not worked: counts for nothing but its pending status);
//   05-03 r4 Standard, Ann, van V1, 150 packages, damage 2, on time, checklist, confirmed;
//   07-03 r5 Rejected (10), Ann, status rejected;   25-02 (week before) Standard, Ann, 500 packages.
//   DSB, week 2031-W10: Ann 4, Bob 0; an older (replaced) import said Ann 9.
// At B, 04-03: Cy available, Standard, Cy, van V3, 999 packages.
import assert from "node:assert/strict";
import { Client, startTestApp } from "../helpers/app.ts";
import { makeDriver, makeSpot, makeStation, makeUser, makeVan } from "../../lib/demo/factories.ts";
import { scheduleReports } from "../../lib/schedule/schema.ts";
import { shiftRecords, shiftReports } from "../../lib/shifts/schema.ts";
import { amazonImports, daWeeklyDsb } from "../../lib/imports/schema.ts";

const app = await startTestApp({ demo: false });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

const [A, B] = [await makeStation(db), await makeStation(db)];
const staff = async (role: number, stations: number[]) => {
  const u = await makeUser(db, { role, password: "demo1234" });
  for (const s of stations) await makeSpot(db, u.id, s);
  const c = new Client(app.url);
  await c.login(u.email);
  return c;
};
const [manager, owner, dispatcher] = [
  await staff(3, [A.id]),
  await staff(4, [A.id, B.id]),
  await staff(1, [A.id]),
];
const ann = await makeDriver(db, { firstName: "Ann", lastName: "Lee" });
const bob = await makeDriver(db, { firstName: "Bob", lastName: "Ray" });
const cy = await makeDriver(db, { firstName: "Cy", lastName: "Fox" });
for (const d of [ann, bob]) await makeSpot(db, d.id, A.id);
await makeSpot(db, cy.id, B.id);
const [v1, v2, v3] = [
  await makeVan(db, { stationId: A.id }),
  await makeVan(db, { stationId: A.id }),
  await makeVan(db, { stationId: B.id }),
];
const sched = (userId: number, stationId: number, scheduleDate: string, over = {}) => ({
  userId,
  stationId,
  scheduleDate,
  isAvailable: true,
  ...over,
});
await db.insert(scheduleReports).values([
  sched(ann.id, A.id, "2031-03-03"),
  sched(ann.id, A.id, "2031-03-04"),
  sched(ann.id, A.id, "2031-03-05"),
  sched(bob.id, A.id, "2031-03-04"),
  sched(bob.id, A.id, "2031-03-06", { isAvailable: false, role: 16 }),
  sched(cy.id, B.id, "2031-03-04"),
]);
const report = async (stationId: number, reportDate: string) =>
  (await db.insert(shiftReports).values({ stationId, reportDate, weekNumber: 9, year: 2031 }).returning())[0];
const [d1, d2, d3, prev, b1] = [
  await report(A.id, "2031-03-04"),
  await report(A.id, "2031-03-05"),
  await report(A.id, "2031-03-07"),
  await report(A.id, "2031-02-25"),
  await report(B.id, "2031-03-04"),
];
type Rec = Partial<typeof shiftRecords.$inferInsert>;
const rec = (r: { id: number; reportDate: string }, over: Rec) => ({
  reportId: r.id,
  reportDate: r.reportDate,
  ...over,
});
await db.insert(shiftRecords).values([
  rec(d1, {
    role: 0,
    driverId: ann.id,
    secondDriverId: bob.id,
    daStatus: 1,
    secondDaStatus: 1,
    vanId: v1.id,
    numberOfPackages: 200,
    numberOfStops: 100,
    uta: 2,
    missing: 1,
    launchpadSupport: true,
    morningChecklist: true,
    rescueGiven: 1,
  }),
  rec(d1, {
    role: 8,
    driverId: bob.id,
    vanId: v2.id,
    numberOfPackages: 100,
    numberOfStops: 50,
    nsl: 1,
    ontimeAttendance: true,
    rescueTaken: 1,
  }),
  rec(d1, { role: 1, driverId: ann.id }),
  rec(d2, {
    role: 0,
    driverId: ann.id,
    daStatus: 1,
    vanId: v1.id,
    numberOfPackages: 150,
    damage: 2,
    ontimeAttendance: true,
    morningChecklist: true,
  }),
  rec(d3, { role: 10, driverId: ann.id, daStatus: 2 }),
  rec(prev, { role: 0, driverId: ann.id, numberOfPackages: 500, ontimeAttendance: true }),
  rec(b1, { role: 0, driverId: cy.id, vanId: v3.id, numberOfPackages: 999, ontimeAttendance: true }),
]);
const dsbImport = async (replaced: boolean) =>
  (await db.insert(amazonImports).values({
    kind: "dsb",
    slot: "dsb",
    family: "csv",
    fileName: "dsb.csv",
    sha256: crypto.randomUUID(),
    stationId: A.id,
    week: "2031-W10",
    replacedAt: replaced ? new Date() : null,
  }).returning())[0];
const [old, current] = [await dsbImport(true), await dsbImport(false)];
await db.insert(daWeeklyDsb).values([
  { importId: old.id, stationId: A.id, week: "2031-W10", transporterId: ann.transporterId!, dsbCount: 9 },
  { importId: current.id, stationId: A.id, week: "2031-W10", transporterId: ann.transporterId!, dsbCount: 4 },
  { importId: current.id, stationId: A.id, week: "2031-W10", transporterId: bob.transporterId!, dsbCount: 0 },
]);

const WEEK = "year=2031&week=9";
const stat = async (c: Client, name: string, query = `${WEEK}&stations=${A.id}`) => {
  const r = await c.json(`/api/statistic/?statistic=${name}&${query}`);
  assert.equal(r.status, 200, `${name}: ${JSON.stringify(r.body)}`);
  return r.body;
};
const pairs = (rows: { name: string }[], key: string) =>
  rows.map((r) => [r.name, (r as unknown as Record<string, unknown>)[key]]);

Deno.test("per-DA tiles: days available, rejected, late, launchpad, checklist, rescues, returns, active days", async () => {
  assert.deepEqual(pairs((await stat(manager, "schedule_availability")).data, "availability_days"), [
    ["Ann Lee", 3],
    ["Bob Ray", 1],
  ]);
  assert.deepEqual(pairs((await stat(manager, "rejected_stats")).data, "count"), [["Ann Lee", 1], [
    "Bob Ray",
    1,
  ]]);
  assert.deepEqual(pairs((await stat(manager, "late_attendance")).data, "count"), [["Ann Lee", 1]]);
  assert.deepEqual(pairs((await stat(manager, "launchpad_support")).data, "count"), [["Ann Lee", 1]]);
  const checklist = (await stat(manager, "morning_checklist")).data;
  assert.deepEqual(checklist.map((r: Record<string, unknown>) => [r.name, r.done, r.missed]), [
    ["Ann Lee", 2, 0],
    ["Bob Ray", 0, 1],
  ]);
  const rescue = (await stat(manager, "rescue")).data;
  assert.deepEqual(rescue.map((r: Record<string, unknown>) => [r.name, r.given, r.taken]), [
    ["Ann Lee", 1, 0],
    ["Bob Ray", 0, 1],
  ]);
  const returns = (await stat(manager, "returned_data_by_driver")).data;
  assert.deepEqual(returns.map((r: Record<string, unknown>) => [r.name, r.returns, r.packages]), [
    ["Ann Lee", 5, 350],
    ["Bob Ray", 1, 100],
  ]);
  assert.deepEqual(pairs((await stat(manager, "active_days")).data, "count"), [["Ann Lee", 2], [
    "Bob Ray",
    1,
  ]]);
});

Deno.test("worst DAR reads the active DSB import of the period's weeks; cash on delivery is not recorded", async () => {
  const dar = await stat(manager, "worst_dsb_count");
  assert.deepEqual(dar.data, [{ transporter_id: ann.transporterId, name: "Ann Lee", dar_value: 4 }]);
  assert.deepEqual([dar.measure, dar.weeks], ["dsb_count", ["2031-W10"]]);
  assert.deepEqual(await stat(manager, "cash_on_delivery"), { data: [], recorded: false });
});

Deno.test("per-day tiles, averages and statuses, the vans table", async () => {
  const routes = (await stat(manager, "number_of_routes")).data;
  assert.deepEqual(routes.map((r: { routes: number }) => r.routes), [0, 0, 2, 1, 0, 0, 0]);
  assert.equal(routes[0].date, "2031-03-02");
  const dr = (await stat(manager, "delivered_returned")).data;
  assert.deepEqual(dr.slice(2, 4), [
    { date: "2031-03-04", delivered: 296, returned: 4 },
    { date: "2031-03-05", delivered: 148, returned: 2 },
  ]);
  assert.deepEqual(await stat(manager, "average_and_statuses"), {
    averages: { routes: 3, packages_per_route: 150, stops_per_route: 75, returns_per_route: 2 },
    statuses: { pending: 2, confirmed: 3, rejected: 1, cancelled: 0 },
  });
  const vans = (await stat(manager, "vans_table_week")).data;
  assert.deepEqual(vans.map((v: Record<string, unknown>) => [v.number, v.shifts, v.days]), [
    [v1.number, 2, 2],
    [v2.number, 1, 1],
  ]);
  const month = await stat(manager, "vans_table_month", `year=2031&month=3&stations=${A.id}`);
  assert.deepEqual(month, { data: vans });
  const day = await stat(manager, "number_of_routes", `day=2031-03-04&stations=${A.id}`);
  assert.deepEqual(day.data, [{ date: "2031-03-04", routes: 2 }]);
});

Deno.test("station scoping: a station the caller lacks is a coded 403; no station = all of the caller's", async () => {
  for (const name of ["schedule_availability", "late_attendance", "worst_dsb_count", "vans_table_week"]) {
    const r = await manager.json(`/api/statistic/?statistic=${name}&${WEEK}&stations=${B.id}`);
    assert.equal(r.status, 403, name);
    assert.equal(r.body.code, "dashboard.station_not_yours");
  }
  const mine = await stat(manager, "number_of_routes", WEEK);
  assert.equal(mine.data[2].routes, 2, "the manager's stations: A only");
  const both = await stat(owner, "number_of_routes", WEEK);
  assert.equal(both.data[2].routes, 3, "the owner's: A and B");
  const onlyB = await stat(owner, "schedule_availability", `${WEEK}&stations=${B.id}`);
  assert.deepEqual(pairs(onlyB.data, "availability_days"), [["Cy Fox", 1]]);
  const bad = await manager.json(`/api/statistic/?statistic=active_days&week=9`);
  assert.equal(bad.status, 400);
});

Deno.test("a dispatcher is refused the Pulse statistics and page; a manager opens the page with its figures", async () => {
  const r = await dispatcher.json(`/api/statistic/?statistic=late_attendance&${WEEK}`);
  assert.equal(r.status, 403);
  const denied = await dispatcher.fetch("/scorecard");
  assert.ok([302, 303].includes(denied.status), `sends a dispatcher away (${denied.status})`);
  await denied.body?.cancel();
  const page = await manager.fetch("/scorecard");
  assert.equal(page.status, 200);
  const html = await page.text();
  for (const title of ["Days Availabile", "Rejected before start of the Shift", "Vans table"]) {
    assert.ok(html.includes(title), title);
  }
});
