// A fleet for the fleet-report tests: two stations of the viewer's and one of someone else's, with vans in
// and out of November 2026 (picked up later, off-boarded earlier), and the owner who views them.
import type { Queryable } from "../db/client.ts";
import { makeStation, makeUser, makeVan } from "../demo/factories.ts";

export const NOVEMBER = { year: 2026, month: 11 } as const;
/** 'Now' for the tests: inside November 2026, so December is the first month refused. */
export const NOW = new Date("2026-11-24T15:00:00Z");

export async function fleetReportFixture(db: Queryable) {
  const a = await makeStation(db);
  const b = await makeStation(db);
  const c = await makeStation(db);
  const owner = await makeUser(db, { role: 4 });
  const mk = (stationId: number, over: Parameters<typeof makeVan>[1] = {}) =>
    makeVan(db, { stationId, ...over });
  const vans = {
    a10: await mk(a.id, { number: `${a.id}10`, monthlyRateCents: 120_000 }),
    a2: await mk(a.id, { number: `${a.id}2`, monthlyRateCents: 100_000, company: "Ram", model: "ProMaster" }),
    gone: await mk(a.id, { status: 3, lastStatusChange: new Date("2026-10-20T12:00:00Z") }),
    goneInMonth: await mk(a.id, { status: 3, lastStatusChange: new Date("2026-11-03T12:00:00Z") }),
    later: await mk(a.id, { pickUpDate: "2026-12-02" }),
    b1: await mk(b.id, { monthlyRateCents: null, fleetSizeId: 3 }),
    foreign: await mk(c.id),
  };
  return { stations: { a, b, c }, owner, vans, viewer: { id: owner.id, stationIds: [a.id, b.id] } };
}
