// The performance page's statistics through the real app (GET api/statistic/), against figures counted by
// hand on two fresh stations A and B beside the demo organisation; station scoping; who may call them; the
// PDF export. The week of Tue 04-03-2025 (Sun 02-03 .. Sat 08-03, 2025-W10), at A:
//   04-03: Standard, Ann, 200 packages (uta 2, missing 1), owned van, rabbit R1 back, dolly D1 not back,
//          on time + checklist;  Flex, Bob, 100 (missing 3), unregistered van U1, rabbit R2 not back, on
//          time;  Training, Cy;  Client Cancelled, Bob.
//   05-03: Standard, Ann, 150 (damage 2), rental van, rabbit R2 back.
// The week before, 25-02 at A: Standard, Bob, 500 (missing 10), owned van.  At B, 04-03: Standard, Ann, 999 (missing 5).
// Imports, 2025-W10: Ann overview score 80 and DSB DPMO 1,200 (DNR file) at A; Bob's overview DSB 300 at A
// (no DNR row) and score 10 at B; scorecard tiers A W09 Great, W10 Fantastic Plus, B W10 Poor;
// reliability A 04-03 100, 05-03 98.5, B 04-03 50.
import assert from "node:assert/strict";
import { Client, startTestApp } from "../helpers/app.ts";
import {
  makeDriver,
  makeScanner,
  makeSpot,
  makeStation,
  makeUser,
  makeVan,
} from "../../lib/demo/factories.ts";
import { shiftRecords, shiftReports } from "../../lib/shifts/schema.ts";
import {
  amazonImports,
  capacityReliabilityDays,
  daWeeklyDsb,
  daWeeklyPerformance,
  dspWeeklyScorecards,
} from "../../lib/imports/schema.ts";

const app = await startTestApp({ engine: "postgres" });
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
const [manager, owner, supervisorB, dispatcher] = [
  await staff(3, [A.id]),
  await staff(4, [A.id, B.id]),
  await staff(2, [B.id]),
  await staff(1, [A.id]),
];
const [ann, bob, cy] = [
  await makeDriver(db, { firstName: "Ann", lastName: "Lee" }),
  await makeDriver(db, { firstName: "Bob", lastName: "Ray" }),
  await makeDriver(db, { firstName: "Cy", lastName: "Oh" }),
];
const owned = await makeVan(db, { stationId: A.id, ownership: 2 });
const rental = await makeVan(db, { stationId: A.id, ownership: 1 });
const u1 = await makeVan(db, { stationId: A.id, ownership: null, number: "PERF-U1" });
await makeVan(db, { stationId: A.id, ownership: null, number: "PERF-U2" });
await makeVan(db, { stationId: A.id, ownership: null, number: "PERF-GONE", status: 3 });
await makeVan(db, { stationId: B.id, ownership: null, number: "PERF-B1" });
const [r1, r2, d1] = [
  await makeScanner(db, { stationId: A.id, serialNumber: "PERF-R1" }),
  await makeScanner(db, { stationId: A.id, serialNumber: "PERF-R2" }),
  await makeScanner(db, { stationId: A.id, serialNumber: "PERF-D1", kind: "dolly" }),
];
const report = async (stationId: number, reportDate: string) =>
  (await db.insert(shiftReports).values({ stationId, reportDate, weekNumber: 0, year: 2025 }).returning())[0];
const [day1, day2, prev, bDay] = [
  await report(A.id, "2025-03-04"),
  await report(A.id, "2025-03-05"),
  await report(A.id, "2025-02-25"),
  await report(B.id, "2025-03-04"),
];
const rec = (r: { id: number; reportDate: string }, o: Partial<typeof shiftRecords.$inferInsert>) => ({
  reportId: r.id,
  reportDate: r.reportDate,
  ...o,
});
await db.insert(shiftRecords).values([
  rec(day1, {
    role: 0,
    driverId: ann.id,
    numberOfPackages: 200,
    uta: 2,
    missing: 1,
    vanId: owned.id,
    rabbitId: r1.id,
    returnedRabbit: true,
    dollyId: d1.id,
    ontimeAttendance: true,
    morningChecklist: true,
  }),
  rec(day1, {
    role: 8,
    driverId: bob.id,
    numberOfPackages: 100,
    missing: 3,
    vanId: u1.id,
    rabbitId: r2.id,
    ontimeAttendance: true,
  }),
  rec(day1, { role: 4, driverId: cy.id }),
  rec(day1, { role: 7, driverId: bob.id }),
  rec(day2, {
    role: 0,
    driverId: ann.id,
    numberOfPackages: 150,
    damage: 2,
    vanId: rental.id,
    rabbitId: r2.id,
    returnedRabbit: true,
  }),
  rec(prev, { role: 0, driverId: bob.id, numberOfPackages: 500, missing: 10, vanId: owned.id }),
  rec(bDay, { role: 0, driverId: ann.id, numberOfPackages: 999, missing: 5 }),
]);
/** One active import per station, slot and week (the table's rule). */
const imports = new Map<string, number>();
const imp = async (stationId: number, slot: string, week: string) => {
  const key = `${stationId}-${slot}-${week}`;
  if (!imports.has(key)) {
    const [row] = await db.insert(amazonImports).values({
      kind: slot,
      slot,
      family: "csv",
      fileName: `${slot}.csv`,
      sha256: key,
      stationId,
      week,
    }).returning();
    imports.set(key, row.id);
  }
  return imports.get(key)!;
};
const perf = async (stationId: number, tid: string, score: number, metrics: Record<string, number> = {}) =>
  await db.insert(daWeeklyPerformance).values({
    importId: await imp(stationId, "overview", "2025-W10"),
    stationId,
    week: "2025-W10",
    transporterId: tid,
    source: "overview",
    overallScore: String(score),
    metrics,
  });
await perf(A.id, ann.transporterId!, 80);
await perf(A.id, bob.transporterId!, 70.5, { dsb_dpmo: 300 });
await perf(B.id, bob.transporterId!, 10, { dsb_dpmo: 9000 });
await db.insert(daWeeklyDsb).values({
  importId: await imp(A.id, "dnr", "2025-W10"),
  stationId: A.id,
  week: "2025-W10",
  transporterId: ann.transporterId!,
  dsbDpmo: 1200,
});
for (
  const [stationId, week, tier] of [[A.id, "2025-W09", "Great"], [A.id, "2025-W10", "Fantastic Plus"], [
    B.id,
    "2025-W10",
    "Poor",
  ]] as const
) {
  await db.insert(dspWeeklyScorecards).values({
    importId: await imp(stationId, "scorecard", week),
    stationId,
    week,
    overallTier: tier,
  });
}
const relImport = await imp(A.id, "reliability", "2025-W10");
await db.insert(capacityReliabilityDays).values([
  { importId: relImport, stationId: A.id, day: "2025-03-04", capacityReliability: "100" },
  { importId: relImport, stationId: A.id, day: "2025-03-05", capacityReliability: "98.5" },
  {
    importId: await imp(B.id, "reliability", "2025-W10"),
    stationId: B.id,
    day: "2025-03-04",
    capacityReliability: "50",
  },
]);

const WEEK = "year=2025&week=9";
const PAST = "year=2025&week=8";
const stat = async (c: Client, name: string, q: string, stations: number[] = [A.id]) => {
  const r = await c.json(`/api/statistic/?statistic=${name}&${q}&stations=${stations.join("_")}`);
  assert.equal(r.status, 200, `${name}: ${JSON.stringify(r.body)}`);
  return r.body;
};

Deno.test("performers_data and drivers_data: delivered and shifts per DA, this week and the past one", async () => {
  assert.deepEqual((await stat(manager, "performers_data", WEEK)).data, [
    { driver__first_name: "Ann", driver__last_name: "Lee", sum: 345 },
    { driver__first_name: "Bob", driver__last_name: "Ray", sum: 97 },
  ]);
  assert.deepEqual((await stat(manager, "performers_data", PAST)).data, [
    { driver__first_name: "Bob", driver__last_name: "Ray", sum: 490 },
  ]);
  assert.deepEqual(
    (await stat(manager, "drivers_data", WEEK)).data.map((
      r: { counter: number; driver__first_name: string },
    ) => [r.driver__first_name, r.counter]),
    [
      ["Ann", 2],
      ["Bob", 1],
      ["Cy", 1],
    ],
  );
  // The owner asking for A and B together gets Ann's record at B as well.
  const both = await stat(owner, "performers_data", WEEK, [A.id, B.id]);
  assert.equal(both.data[0].sum, 345 + 994, "999 packages less 5 missing at B");
});

Deno.test("missing_data per DA, packages_data scores, vans_data by ownership", async () => {
  assert.deepEqual((await stat(manager, "missing_data", WEEK)).by_driver, [
    { name: "Bob Ray", counter: 3 },
    { name: "Ann Lee", counter: 1 },
  ]);
  const pk = (await stat(manager, "packages_data", WEEK)).data;
  assert.deepEqual(
    pk.map((r: Record<string, unknown>) => [r.team_player_score, r.road_runner_score, r.delivered]),
    [
      [50, 80, { avg: 172.5, sum: 345 }],
      [50, 70.5, { avg: 97, sum: 97 }],
    ],
  );
  const vans = await stat(manager, "vans_data", WEEK);
  assert.deepEqual(vans, {
    days: 7,
    owned: { vans: 1, shifts: 1 },
    rental: { vans: 1, shifts: 1 },
    unregistered: { vans: 2, shifts: 1 },
    unregistered_list: [{ number: "PERF-U1", counter: 1 }, { number: "PERF-U2", counter: 0 }],
  });
});

Deno.test("rabbit_reports, dolly_reports, worst_dar, status_scorecard and reliability_score", async () => {
  assert.deepEqual(await stat(manager, "rabbit_reports", WEEK), {
    result: [{ serial_number: "PERF-R2", count: 1 }],
    returned: [{ report_date: "2025-03-04", difference: 1 }, { report_date: "2025-03-05", difference: 0 }],
  });
  assert.deepEqual(await stat(manager, "dolly_reports", WEEK), {
    result: [{ serial_number: "PERF-D1", count: 1 }],
    returned: [{ report_date: "2025-03-04", difference: 1 }],
  });
  assert.deepEqual(await stat(manager, "worst_dar", WEEK), {
    measure: "DSB",
    data: [{ name: "Ann Lee", dar_value: 1200 }, { name: "Bob Ray", dar_value: 300 }],
  });
  assert.deepEqual((await stat(manager, "status_scorecard", "year=2025")).data, [
    { week: 8, year: 2025, status: "Great", level: 3 },
    { week: 9, year: 2025, status: "Fantastic Plus", level: 5 },
  ]);
  const both = (await stat(owner, "status_scorecard", "year=2025", [A.id, B.id])).data;
  assert.deepEqual(
    both[1],
    { week: 9, year: 2025, status: "Poor", level: 1 },
    "the lowest tier of the stations",
  );
  assert.deepEqual((await stat(manager, "reliability_score", WEEK)).data, [
    { date: "2025-03-04", capacity_reliability_score: 100 },
    { date: "2025-03-05", capacity_reliability_score: 98.5 },
  ]);
  assert.deepEqual((await stat(manager, "reliability_score", "year=2025")).data, [
    { week_number: 9, capacity_reliability_score: 99.25 },
  ]);
});

Deno.test("scoping: another's station is a coded 403; a dispatcher is refused the statistics, the page and the PDF", async () => {
  for (
    const name of ["performers_data", "vans_data", "rabbit_reports", "status_scorecard", "reliability_score"]
  ) {
    const r = await supervisorB.json(`/api/statistic/?statistic=${name}&${WEEK}&stations=${A.id}`);
    assert.equal(r.status, 403, name);
    assert.equal(r.body.code, "dashboard.station_not_yours");
    assert.equal((await dispatcher.json(`/api/statistic/?statistic=${name}&${WEEK}`)).status, 403, name);
  }
  // Without stations: only the supervisor's own (B): none of A's figures.
  assert.deepEqual(
    (await stat(supervisorB, "performers_data", WEEK, [])).data.map((r: { sum: number }) => r.sum),
    [994],
  );
  const page = await dispatcher.fetch("/performance");
  assert.ok([302, 303].includes(page.status), `a dispatcher is sent away (${page.status})`);
  await page.body?.cancel();
  const pdf = await dispatcher.fetch(
    `/api/performance/pdf/?scorecard=ROLES&type=week&date=2025-03-04&station=${A.id}`,
  );
  assert.equal(pdf.status, 403);
  await pdf.body?.cancel();
  const foreign = await supervisorB.json(
    `/api/performance/pdf/?scorecard=ROLES&type=week&date=2025-03-04&station=${A.id}`,
  );
  assert.equal(foreign.status, 403);
});

Deno.test("the PDF export: the scorecard's figures for the period, named after it; a bad query is a 400", async () => {
  const r = await manager.fetch(
    `/api/performance/pdf/?scorecard=TL_PERFORMANCE&type=week&date=2025-03-04&station=${A.id}`,
  );
  assert.equal(r.status, 200);
  assert.equal(r.headers.get("content-type"), "application/pdf");
  const name = decodeURIComponent(r.headers.get("content-disposition")!.split("UTF-8''")[1]);
  assert.equal(name, `Performance Top and lowest performers Week 10, 2025 ${A.tag}.pdf`);
  const bytes = new Uint8Array(await r.arrayBuffer());
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  const bad = await manager.json(
    `/api/performance/pdf/?scorecard=NOPE&type=week&date=2025-03-04&station=${A.id}`,
  );
  assert.equal(bad.status, 400);
  const page = await manager.fetch(`/performance?scorecard=ROLES&type=week&date=2025-03-04&station=${A.id}`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Past period: Week 9, 2025/);
});
