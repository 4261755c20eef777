// Test fixtures of the tracker tests (not a test file): shift reports made straight in the database, so
// the tracker's tests do not depend on the board's create call, and helpers to find demo people and vans.
import { and, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../lib/db/client.ts";
import { scanners, shiftRecords, shiftReports, stationSpots, users, vans } from "../../lib/db/schema.ts";
import { addDays } from "../../lib/dates/calendar.ts";
import { todayIn } from "../../lib/dates/periods.ts";
import { weekOf } from "../../lib/dates/weeks.ts";
import { getTimeZone } from "../../lib/settings/queries.ts";
import { blankRecord } from "../../lib/shifts/tracker/mutations.ts";

export async function orgToday(db: Queryable): Promise<string> {
  return todayIn(await getTimeZone(db));
}

/** A day relative to today in the organisation's zone (0 today, 1 tomorrow, -3 three days ago). */
export async function day(db: Queryable, offset: number): Promise<string> {
  return addDays(await orgToday(db), offset);
}

/**
 * A report of `stationId` on `reportDate` with `rows` blank rows. Any report already there (the demo
 * history) is removed first, which frees its vans and scanners for the day.
 */
export async function makeReport(
  db: Db,
  opts: {
    stationId: number;
    reportDate: string;
    rows?: number;
    hasSecondDriver?: boolean;
    createdById?: number;
  },
): Promise<{ id: number; recordIds: number[] }> {
  await db.delete(shiftReports).where(
    and(eq(shiftReports.stationId, opts.stationId), eq(shiftReports.reportDate, opts.reportDate)),
  );
  const w = weekOf(opts.reportDate);
  const [report] = await db.insert(shiftReports).values({
    stationId: opts.stationId,
    reportDate: opts.reportDate,
    weekNumber: w.week - 1,
    year: w.year,
    hasSecondDriver: opts.hasSecondDriver ?? false,
    createdById: opts.createdById ?? null,
  }).returning({ id: shiftReports.id });
  const recordIds: number[] = [];
  for (let i = 0; i < (opts.rows ?? 0); i++) {
    const [r] = await db.insert(shiftRecords).values({
      ...blankRecord({ id: report.id, reportDate: opts.reportDate }),
      createdAt: sql`now() + make_interval(secs => ${i} * 0.001)`,
    }).returning({ id: shiftRecords.id });
    recordIds.push(r.id);
  }
  return { id: report.id, recordIds };
}

/** Active DAs (role 5, status 1) with a spot at the station (and, when `only`, nowhere else), by id. */
export async function activeDas(db: Queryable, stationId: number, only = true): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(
    eq(users.role, 5),
    eq(users.status, 1),
    eq(users.ignoreSms, false),
    sql`coalesce(${users.mobileNumber}, '') <> ''`,
    sql`exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id = ${stationId})`,
    only
      ? sql`not exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id <> ${stationId})`
      : undefined,
  )).orderBy(users.id);
  return rows.map((r) => r.id);
}

/**
 * Active DAs of the station with no shift of the demo's from `from` on: a reply by SMS goes to its
 * sender's next pending row, and which DAs the demo gave today's and tomorrow's pending rows to depends
 * on the day (its routes are drawn afresh; Sundays have fewer).
 */
export async function dasFreeFrom(db: Queryable, stationId: number, from: string): Promise<number[]> {
  const rows = await db.selectDistinct({ id: shiftRecords.driverId }).from(shiftRecords).where(sql`
    ${shiftRecords.reportDate} >= ${from} and ${shiftRecords.driverId} is not null`);
  const second = await db.selectDistinct({ id: shiftRecords.secondDriverId }).from(shiftRecords).where(sql`
    ${shiftRecords.reportDate} >= ${from} and ${shiftRecords.secondDriverId} is not null`);
  const busy = new Set([...rows, ...second].map((r) => r.id));
  return (await activeDas(db, stationId)).filter((id) => !busy.has(id));
}

export async function vansOf(db: Queryable, stationId: number, fleetSizeId: number) {
  return await db.select({ id: vans.id, number: vans.number, status: vans.status }).from(vans)
    .where(and(eq(vans.stationId, stationId), eq(vans.fleetSizeId, fleetSizeId))).orderBy(vans.number);
}

export async function scannersOf(db: Queryable, stationId: number, kind: "rabbit" | "dolly") {
  return await db.select({ id: scanners.id, serial: scanners.serialNumber }).from(scanners)
    .where(and(eq(scanners.stationId, stationId), eq(scanners.kind, kind), eq(scanners.status, 1))).orderBy(
      scanners.serialNumber,
    );
}

export async function userId(db: Queryable, email: string): Promise<number> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

export async function record(db: Queryable, id: number) {
  const [r] = await db.select().from(shiftRecords).where(eq(shiftRecords.id, id));
  return r;
}
