import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { makeAgency, makeFleetGroup, makeStation } from "../demo/factories.ts";
import { viewerStations } from "./queries.ts";
import { listAgencies, listFleetGroups } from "./agencies-fleet-groups.ts";

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: reference look-ups`, async () => {
    const h = await engine.open();
    try {
      const [a, b, c] = [await makeStation(h.db), await makeStation(h.db), await makeStation(h.db)];
      assert.deepEqual(await viewerStations(h.db, { stationIds: [c.id, a.id] }), [
        { id: a.id, title: a.title, tag: a.tag },
        { id: c.id, title: c.title, tag: c.tag },
      ]);
      assert.deepEqual(await viewerStations(h.db, { stationIds: [] }), []);
      assert.ok(!(await viewerStations(h.db, { stationIds: [a.id] })).some((s) => s.id === b.id));
      const z = await makeAgency(h.db, { name: "Zeta staffing" });
      const y = await makeAgency(h.db, { name: "Alpha direct", description: "Own DAs" });
      const agencies = await listAgencies(h.db);
      assert.ok(
        agencies.findIndex((x) => x.id === y.id) < agencies.findIndex((x) => x.id === z.id),
        "by name",
      );
      assert.deepEqual(agencies.find((x) => x.id === y.id), {
        id: y.id,
        name: "Alpha direct",
        description: "Own DAs",
      });
      const g = await makeFleetGroup(h.db, { name: "Step vans" });
      assert.deepEqual((await listFleetGroups(h.db)).find((x) => x.id === g.id), {
        id: g.id,
        name: "Step vans",
        description: "",
      });
    } finally {
      await h.close();
    }
  });
}
