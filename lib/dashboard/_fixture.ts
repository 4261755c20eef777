// A small hand-countable organisation for the dashboard tests (not shipped code). Station A and B; a
// manager on A only, an owner on both. Week of Tue 04-03-2031 (Sun 02-03 to Sat 08-03), at A:
//   04-03: Standard 200 packages (uta 2, missing 1, rabbit returned, dolly not), Flex 100 (missing 3,
//          nsl 1), Training, Client Cancelled, Rescue (other), No Show;  05-03: Standard 150 (damage 2).
// The week before, 25-02 at A: Standard 500 packages (missing 10).  At B, 04-03: Standard 999 (missing 5).
// A's March budget: 310 routes, 31,000 deliveries (10 and 1,000 a day). DAs at A: Active, Rehired,
// Off Boarded, Inactive (and one Active at B only). Vans at A: 2 Available, 1 Out of Service (Accident
// fixing), 1 Off Boarded.
import type { Queryable } from "../db/client.ts";
import { makeDriver, makeScanner, makeSpot, makeStation, makeUser, makeVan } from "../demo/factories.ts";
import { budgets } from "../budgets/schema.ts";
import { shiftRecords, shiftReports } from "../shifts/schema.ts";
import { loadViewer } from "../users/current-user.ts";

export async function dashboardFixture(db: Queryable) {
  const [a, b] = [await makeStation(db), await makeStation(db)];
  const staff = async (role: number, stations: number[]) => {
    const u = await makeUser(db, { role });
    for (const s of stations) await makeSpot(db, u.id, s);
    return (await loadViewer(db, u.id, null))!;
  };
  const manager = await staff(3, [a.id]);
  const owner = await staff(4, [a.id, b.id]);
  const ann = await makeDriver(db, { firstName: "Ann", lastName: "Lee" });
  for (const status of [2, 5, 6]) await makeSpot(db, (await makeDriver(db, { status })).id, a.id);
  await makeSpot(db, ann.id, a.id);
  await makeSpot(db, (await makeDriver(db)).id, b.id);
  await makeVan(db, { stationId: a.id });
  await makeVan(db, { stationId: a.id });
  const broken = await makeVan(db, {
    stationId: a.id,
    status: 2,
    statusChangeReason: 1,
    plateNumber: "OOS1",
  });
  await makeVan(db, { stationId: a.id, status: 3 });
  await makeVan(db, { stationId: b.id, status: 2, statusChangeReason: 0 });
  const rabbit = await makeScanner(db, { stationId: a.id });
  const dolly = await makeScanner(db, { stationId: a.id, kind: "dolly" });
  await db.insert(budgets).values({
    stationId: a.id,
    year: 2031,
    month: 3,
    routes: 310,
    deliveries: 31000,
    das: 12,
    fleet: 11,
  });
  const report = async (stationId: number, reportDate: string) =>
    (await db.insert(shiftReports).values({ stationId, reportDate, weekNumber: 0, year: 2031 }).returning())[
      0
    ];
  const [d1, d2, prev, bDay] = [
    await report(a.id, "2031-03-04"),
    await report(a.id, "2031-03-05"),
    await report(a.id, "2031-02-25"),
    await report(b.id, "2031-03-04"),
  ];
  const rec = (r: { id: number; reportDate: string }, over: Partial<typeof shiftRecords.$inferInsert>) => ({
    reportId: r.id,
    reportDate: r.reportDate,
    ...over,
  });
  await db.insert(shiftRecords).values([
    rec(d1, {
      role: 0,
      driverId: ann.id,
      numberOfPackages: 200,
      uta: 2,
      missing: 1,
      rabbitId: rabbit.id,
      returnedRabbit: true,
      dollyId: dolly.id,
    }),
    rec(d1, { role: 8, numberOfPackages: 100, missing: 3, nsl: 1 }),
    rec(d1, { role: 4 }),
    rec(d1, { role: 7 }),
    rec(d1, { role: 2 }),
    rec(d1, { role: 1 }),
    rec(d2, { role: 0, numberOfPackages: 150, damage: 2 }),
    rec(prev, { role: 0, numberOfPackages: 500, missing: 10 }),
    rec(bDay, { role: 0, numberOfPackages: 999, missing: 5 }),
  ]);
  return { a, b, manager, owner, ann, broken };
}
