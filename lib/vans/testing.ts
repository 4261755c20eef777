// A small fleet for the vans tests: three stations, a dispatcher and a supervisor on two of them,
// an owner on all three, and vans of every status spread over the stations.
import type { Queryable } from "../db/client.ts";
import { makeSpot, makeStation, makeUser, makeVan, makeVanGroup } from "../demo/factories.ts";

export interface Editor {
  id: number;
  first_name: string;
  last_name: string;
  role: 1 | 2 | 3 | 4 | 5;
  stationIds: number[];
}

export async function fleetFixture(db: Queryable) {
  const [a, b, c] = [await makeStation(db), await makeStation(db), await makeStation(db)];
  const group = await makeVanGroup(db, { description: "Cargo vans, early waves" });
  const person = async (role: 1 | 2 | 4, stationIds: number[]): Promise<Editor> => {
    const u = await makeUser(db, { role });
    for (const s of stationIds) await makeSpot(db, u.id, s);
    return { id: u.id, first_name: u.firstName, last_name: u.lastName, role, stationIds };
  };
  const dispatcher = await person(1, [a.id, b.id]);
  const supervisor = await person(2, [a.id, b.id]);
  const owner = await person(4, [a.id, b.id, c.id]);
  const van = (stationId: number, over: Parameters<typeof makeVan>[1] = {}) =>
    makeVan(db, { stationId, vanGroupId: group.id, ...over });
  const vans = {
    a1: await van(a.id, { number: `A1-${a.id}`, plateNumber: `PLA${a.id}01` }),
    a2: await van(a.id, {
      number: `A2-${a.id}`,
      plateNumber: `PLA${a.id}02`,
      status: 2,
      statusChangeReason: 0,
    }),
    a3: await van(a.id, { number: `A3-${a.id}`, plateNumber: `QQA${a.id}03`, status: 3 }),
    b1: await van(b.id, { number: `B1-${b.id}`, plateNumber: `PLB${b.id}01`, pickUpDate: "2026-01-05" }),
    c1: await van(c.id, { number: `C1-${c.id}`, plateNumber: `PLC${c.id}01` }),
  };
  return { stations: { a, b, c }, group, dispatcher, supervisor, owner, vans };
}
