// A small organisation for the DA register's tests (not shipped code): three stations, a dispatcher
// and a supervisor on the first two, an owner on all three, and DAs spread over them.
import type { Queryable } from "../db/client.ts";
import {
  makeAgency,
  makeDriver,
  makeFleetGroup,
  makeSpot,
  makeStation,
  makeUser,
} from "../demo/factories.ts";
import { loadViewer, type Viewer } from "../users/current-user.ts";

export async function viewerOf(db: Queryable, id: number): Promise<Viewer> {
  return (await loadViewer(db, id, null))!;
}

export async function daFixture(db: Queryable) {
  const [s1, s2, s3] = [await makeStation(db), await makeStation(db), await makeStation(db)];
  const agency = await makeAgency(db);
  const agency2 = await makeAgency(db);
  const fg1 = await makeFleetGroup(db);
  const fg2 = await makeFleetGroup(db);
  const staff = async (role: number, stations: number[], firstName: string, lastName: string) => {
    const u = await makeUser(db, { role, firstName, lastName });
    for (const s of stations) await makeSpot(db, u.id, s, { agencyId: agency.id });
    return u;
  };
  const dispatcher = await staff(1, [s1.id, s2.id], "Dora", "Dispatch");
  const supervisor = await staff(2, [s1.id, s2.id], "Sven", "Super");
  const owner = await staff(4, [s1.id, s2.id, s3.id], "Olga", "Owner");
  const da = async (stations: number[], over: Parameters<typeof makeDriver>[1] = {}) => {
    const d = await makeDriver(db, over);
    for (const s of stations) await makeSpot(db, d.id, s, { agencyId: agency.id, fleetGroupIds: [fg1.id] });
    return d;
  };
  const a1 = await da([s1.id], {
    firstName: "Alice",
    lastName: "Anders",
    badge: "1001",
    driverLicense: "D1234",
  });
  const a2 = await da([s1.id], {
    firstName: "Bob",
    lastName: "Baker",
    badge: "1002",
    driverLicense: "license",
  });
  const b1 = await da([s2.id], {
    firstName: "Carla",
    lastName: "Cruz",
    badge: "2001",
    status: 6,
    isActive: false,
  });
  const c1 = await da([s3.id], { firstName: "Dmitri", lastName: "Dark", badge: "3001" });
  const both = await da([s1.id, s3.id], {
    firstName: "Eve",
    lastName: "Evans",
    badge: "1301",
    status: 3,
    isActive: false,
  });
  return {
    stations: [s1, s2, s3] as const,
    agency,
    agency2,
    fleetGroups: [fg1, fg2] as const,
    dispatcher: await viewerOf(db, dispatcher.id),
    supervisor: await viewerOf(db, supervisor.id),
    owner: await viewerOf(db, owner.id),
    das: { a1, a2, b1, c1, both },
  };
}
