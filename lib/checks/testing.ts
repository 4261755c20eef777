// A check fixture for tests: stations tagged DON9 and HYZ1 (found or made), an owner on both, a dispatcher
// on DON9, a manager on HYZ1 only, five DAs at DON9, and the generated check files of one week.
import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { stations } from "../org/schema.ts";
import { makeDriver, makeSpot, makeStation, makeUser } from "../demo/factories.ts";
import { makeDnr } from "../dev/amazon/dnr.ts";
import { makeOverview } from "../dev/amazon/overview.ts";
import { makeDcr } from "../dev/amazon/quality.ts";

export const WEEK = { year: 2026, week: 21 } as const;

async function stationTagged(db: Queryable, tag: string) {
  const [row] = await db.select().from(stations).where(eq(stations.tag, tag));
  return row ?? await makeStation(db, { tag, title: `Station ${tag}` });
}

export async function checkFixture(db: Queryable) {
  const don9 = await stationTagged(db, "DON9");
  const hyz1 = await stationTagged(db, "HYZ1");
  const owner = await makeUser(db, { role: 4 });
  const dispatcher = await makeUser(db, { role: 1 });
  const manager = await makeUser(db, { role: 3 });
  await makeSpot(db, owner.id, don9.id);
  await makeSpot(db, owner.id, hyz1.id);
  await makeSpot(db, dispatcher.id, don9.id);
  await makeSpot(db, manager.id, hyz1.id);
  const drivers = [];
  for (let i = 0; i < 5; i++) {
    const d = await makeDriver(db, { firstName: `Da${i}`, lastName: `Check${i}` });
    await makeSpot(db, d.id, don9.id);
    drivers.push(d);
  }
  const das = drivers.map((d) => ({ transporterId: d.transporterId!, name: `${d.firstName} ${d.lastName}` }));
  const opts = (station: string) => ({ station, ...WEEK, das, seed: 7, dsp: "DDCO" });
  const file = (f: { fileName: string; bytes: Uint8Array }) => ({ ...f, contentType: "text/csv" });
  return {
    don9,
    hyz1,
    viewers: {
      owner: { id: owner.id, role: 4 as const, stationIds: [don9.id, hyz1.id] },
      dispatcher: { id: dispatcher.id, role: 1 as const, stationIds: [don9.id] },
      manager: { id: manager.id, role: 3 as const, stationIds: [hyz1.id] },
    },
    drivers,
    files: {
      dnr: file(makeDnr(opts("DON9"))),
      overview: file(makeOverview(opts("DON9"))),
      overviewHyz1: file(makeOverview(opts("HYZ1"))),
      dcr: file(makeDcr(opts("DON9"))),
    },
  };
}
