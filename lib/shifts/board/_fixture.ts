// A small organisation for the board's tests (not shipped code): three stations, staff on some of them, DAs
// with fleet groups, a van, scanners and five reports whose rows exercise every filter of the board.
import type { Queryable } from "../../db/client.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import {
  makeDriver,
  makeFleetGroup,
  makeScanner,
  makeSpot,
  makeStation,
  makeUser,
  makeVan,
} from "../../demo/factories.ts";
import { loadViewer, type Viewer } from "../../users/current-user.ts";
import { stored, weekOf } from "../../dates/weeks.ts";

export async function viewerOf(db: Queryable, id: number): Promise<Viewer> {
  return (await loadViewer(db, id, null))!;
}

export async function makeShiftReport(
  db: Queryable,
  o: { stationId: number; date: string; createdById?: number; editedById?: number; createdAt?: string },
): Promise<number> {
  const w = weekOf(o.date);
  const [r] = await db.insert(shiftReports).values({
    stationId: o.stationId,
    reportDate: o.date,
    weekNumber: stored(w.week),
    year: w.year,
    createdById: o.createdById ?? null,
    editedById: o.editedById ?? null,
    ...(o.createdAt ? { createdAt: new Date(o.createdAt), modifiedAt: new Date(o.createdAt) } : {}),
  }).returning({ id: shiftReports.id });
  return r.id;
}

export async function makeShiftRow(
  db: Queryable,
  reportId: number,
  date: string,
  values: Partial<typeof shiftRecords.$inferInsert> = {},
): Promise<number> {
  const [r] = await db.insert(shiftRecords).values({ reportId, reportDate: date, ...values })
    .returning({ id: shiftRecords.id });
  return r.id;
}

/** Three stations, their staff (a dispatcher of two, with and without old-shift access), DAs, a van, scanners. */
async function boardPeople(db: Queryable) {
  const [s1, s2, s3] = [await makeStation(db), await makeStation(db), await makeStation(db)];
  const fg1 = await makeFleetGroup(db);
  const fg2 = await makeFleetGroup(db);
  const staff = async (
    role: number,
    stations: number[],
    firstName: string,
    lastName: string,
    old = false,
  ) => {
    const u = await makeUser(db, { role, firstName, lastName, canCreateOldShifts: old });
    for (const s of stations) await makeSpot(db, u.id, s);
    return await viewerOf(db, u.id);
  };
  const da = async (station: number, fleetGroupId: number, firstName: string) => {
    const d = await makeDriver(db, { firstName, lastName: "Driver" });
    await makeSpot(db, d.id, station, { fleetGroupIds: [fleetGroupId] });
    return d;
  };
  return {
    stations: [s1, s2, s3],
    fg1,
    fg2,
    dispatcher: await staff(1, [s1.id, s2.id], "Dora", "Dispatch"),
    manager: await staff(3, [s1.id, s2.id, s3.id], "Max", "Manager"),
    owner: await staff(4, [s1.id, s2.id, s3.id], "Olga", "Owner"),
    veteran: await staff(1, [s1.id, s2.id], "Vera", "Veteran", true),
    das: {
      d1: await da(s1.id, fg1.id, "Dan"),
      d2: await da(s2.id, fg2.id, "Eli"),
      d3: await da(s3.id, fg1.id, "Fay"),
    },
    van: await makeVan(db, { stationId: s1.id, fleetSizeId: 1 }),
    rabbit: await makeScanner(db, { stationId: s1.id, kind: "rabbit" }),
    dolly: await makeScanner(db, { stationId: s2.id, kind: "dolly" }),
  };
}

/** Reports A to E, each there for a filter of the board (their comments say which). */
async function boardReports(db: Queryable, p: Awaited<ReturnType<typeof boardPeople>>) {
  const [s1, s2, s3] = p.stations;
  const { d1, d2, d3 } = p.das;
  // A: station 1, Sunday 17-05-2026 (week 21), created 03:00 UTC on the 10th = the 9th at UTC-5.
  const a = await makeShiftReport(db, {
    stationId: s1.id,
    date: "2026-05-17",
    createdById: p.dispatcher.id,
    editedById: p.manager.id,
    createdAt: "2026-05-10T03:00:00Z",
  });
  await makeShiftRow(db, a, "2026-05-17", {
    driverId: d1.id,
    vanId: p.van.id,
    rabbitId: p.rabbit.id,
    missing: 2,
  });
  await makeShiftRow(db, a, "2026-05-17", { driverId: d2.id, missing: 0 });
  // B: station 2, Monday 18-05-2026: DA 2 only, a typed fleet number, a cancelled Medium van, a dolly.
  const b = await makeShiftReport(db, { stationId: s2.id, date: "2026-05-18", createdById: p.manager.id });
  await makeShiftRow(db, b, "2026-05-18", {
    secondDriverId: d2.id,
    fleetNumber: "F-77",
    cancelledFleetSizeId: 6,
    role: 7,
    dollyId: p.dolly.id,
  });
  // C: station 3 (not the dispatcher's).
  const c = await makeShiftReport(db, { stationId: s3.id, date: "2026-06-02", createdById: p.owner.id });
  await makeShiftRow(db, c, "2026-06-02", { driverId: d3.id, missing: 1 });
  // D: Monday 29-12-2025, in week 1 of 2026.
  const d = await makeShiftReport(db, { stationId: s1.id, date: "2025-12-29", createdById: p.dispatcher.id });
  // E: station 1, Tuesday 19-05-2026, no rows.
  const e = await makeShiftReport(db, { stationId: s1.id, date: "2026-05-19" });
  return { a, b, c, d, e };
}

export async function boardFixture(db: Queryable) {
  const people = await boardPeople(db);
  return { ...people, reports: await boardReports(db, people) };
}
