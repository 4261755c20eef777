// The availability tracker's counts (GET api/statistic/?statistic=tracker_data) through the real app: days
// counted from the schedule and the shift records of one station, each DA-day once per column; the period
// filters; roles 2-4 may read it, station by station; a dispatcher may not; the page renders the counts.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { stations, stationSpots, users } from "../../lib/org/schema.ts";
import { scheduleReports } from "../../lib/schedule/schema.ts";
import { shiftRecords, shiftReports } from "../../lib/shifts/schema.ts";
import type { TrackerRowDto } from "../../lib/availability/dto.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

const [don9] = await db.select().from(stations).where(eq(stations.tag, "DON9"));
const [dto3] = await db.select().from(stations).where(eq(stations.tag, "DTO3"));
const das = (await db.select({ id: users.id }).from(users)
  .innerJoin(stationSpots, and(eq(stationSpots.userId, users.id), eq(stationSpots.stationId, don9.id)))
  .where(and(eq(users.role, 5), eq(users.status, 1))).orderBy(users.id).limit(2)).map((r) => r.id);
const [ann, bo] = das;

// March 2031 (week 10 is 02-03..08-03, zero-based 9): far from the demo's own weeks.
const d = (day: number) => `2031-03-${String(day).padStart(2, "0")}`;
await db.insert(scheduleReports).values([
  ...[2, 3, 4, 5].map((day) => ({
    userId: ann,
    stationId: don9.id,
    scheduleDate: d(day),
    role: 0,
    isAvailable: true,
  })),
  { userId: ann, stationId: don9.id, scheduleDate: d(6), role: 16, isAvailable: true },
  { userId: bo, stationId: don9.id, scheduleDate: d(2), role: 7, isAvailable: true },
  { userId: bo, stationId: don9.id, scheduleDate: d(20), role: 15, isAvailable: true },
  // Another station's day is not DON9's.
  { userId: bo, stationId: dto3.id, scheduleDate: d(3), role: 16, isAvailable: true },
]);
const reports = await db.insert(shiftReports).values(
  [2, 3, 4, 5, 20].map((day) => ({ stationId: don9.id, reportDate: d(day), weekNumber: 9, year: 2031 })),
).returning();
const report = (day: number) => reports.find((r) => r.reportDate === d(day))!.id;
await db.insert(shiftRecords).values([
  // Ann drives four days, three confirmed; on the 5th she is also second driver: still one day.
  ...[2, 3, 4].map((day) => ({
    reportId: report(day),
    reportDate: d(day),
    role: 0,
    driverId: ann,
    daStatus: 1,
  })),
  { reportId: report(5), reportDate: d(5), role: 0, driverId: ann, daStatus: 0 },
  { reportId: report(5), reportDate: d(5), role: 0, driverId: bo, secondDriverId: ann, secondDaStatus: 1 },
  // Bo: the 2nd client cancelled in both enumerations (counted once), the 3rd rejected on the shift only.
  { reportId: report(2), reportDate: d(2), role: 7, driverId: bo, daStatus: 3 },
  { reportId: report(3), reportDate: d(3), role: 10, driverId: bo, daStatus: 2 },
  { reportId: report(20), reportDate: d(20), role: 9, driverId: bo, daStatus: 3 },
]);

async function as(who: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(`${who}@example.com`);
  return c;
}
const manager = await as("manager");
const url = (q: string) => `/api/statistic/?statistic=tracker_data&station=${don9.id}&${q}`;
const rowOf = (body: { data: TrackerRowDto[] }, id: number) => body.data.find((r) => r.id === id)!;

Deno.test("counts per DA-day from the schedule and the shift records of the station", async () => {
  const r = await manager.json(url("year=2031&month=3"));
  assert.equal(r.status, 200);
  assert.deepEqual([r.body.date_from, r.body.date_to], ["2031-03-01", "2031-03-31"]);
  const a = rowOf(r.body, ann);
  assert.deepEqual(
    [a.availability_count, a.actual_shifts, a.confirmed, a.rejected, a.client_cancelled, a.mycu_cancelled],
    [5, 4, 4, 1, 0, 0],
    "the 5th: pending as driver, confirmed as second driver -> one confirmed day",
  );
  const b = rowOf(r.body, bo);
  assert.deepEqual(
    [b.availability_count, b.actual_shifts, b.confirmed, b.rejected, b.client_cancelled, b.mycu_cancelled],
    [2, 1, 0, 1, 1, 1],
  );
  assert.ok(typeof a.name === "string" && "badge" in a && "transporter_id" in a);
});

Deno.test("a week (zero-based) and a whole year narrow or widen the count", async () => {
  const w = await manager.json(url("year=2031&week=9"));
  assert.deepEqual([w.body.date_from, w.body.date_to], ["2031-03-02", "2031-03-08"]);
  assert.equal(rowOf(w.body, bo).mycu_cancelled, 0, "the 20th is outside week 10");
  const y = await manager.json(url("year=2031"));
  assert.equal(rowOf(y.body, bo).mycu_cancelled, 1);
  const both = await manager.json(url("year=2031&week=9&month=3"));
  assert.equal(both.status, 400);
  assert.equal((await manager.json(url("year=2031&week=52"))).status, 400, "2031 has 52 weeks: 0..51");
});

Deno.test("roles and stations: a supervisor reads own stations only; a dispatcher nothing", async () => {
  const sup = await as("supervisor");
  assert.equal((await sup.json(url("year=2031"))).status, 200);
  const other = await sup.json(`/api/statistic/?statistic=tracker_data&station=${dto3.id}&year=2031`);
  assert.equal(other.status, 403);
  assert.equal(other.body.code, "availability.station_not_yours");
  const disp = await as("dispatcher");
  assert.equal((await disp.json(url("year=2031"))).status, 403);
  const page = await disp.fetch("/tracker");
  assert.equal(page.status, 302);
});

Deno.test("the page renders the counts of the URL's period", async () => {
  const res = await manager.fetch(`/tracker?station=${don9.id}&year=2031&month=3`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /# of MYCU Cancelations/);
  assert.match(html, new RegExp(`data-availability-id="${ann}"`));
});
