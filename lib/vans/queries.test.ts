import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { statusChanges } from "../history/schema.ts";
import { vanListQuery } from "./inputs.ts";
import { referenceListQuery } from "../reference/helpers.ts";
import { DomainError } from "../errors.ts";
import { allVans, getVan, listVans, vanHistory, vansByNumber } from "./queries.ts";
import { fleetSizeOptions } from "./fleet-sizes.ts";
import { vanGroupOptions } from "./van-groups.ts";
import { fleetFixture } from "./testing.ts";

for (const engine of ENGINES) {
  Deno.test(`vans queries (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await fleetFixture(db);
      const { a, b, c } = f.stations;
      const mine = [a.id, b.id];
      const list = (q: Record<string, string>, stationIds = mine) =>
        listVans(db, stationIds, vanListQuery.parse(q));

      await t.step(
        "the list holds only vans of the viewer's stations, newest id first by default",
        async () => {
          const r = await list({});
          assert.equal(r.count, 4);
          assert.deepEqual(r.results.map((v) => v.id), [
            f.vans.b1.id,
            f.vans.a3.id,
            f.vans.a2.id,
            f.vans.a1.id,
          ]);
          const all = await list({}, [a.id, b.id, c.id]);
          assert.equal(all.count, 5);
          assert.equal((await list({}, [])).count, 0, "no stations, no vans");
        },
      );

      await t.step("the DTO carries group, size, station tag and the derived availability", async () => {
        const v = (await list({ van_number: f.vans.a2.number })).results[0];
        assert.equal(v.status, 2);
        assert.equal(v.available, false);
        assert.equal(v.status_change_reason, 0);
        assert.equal(v.van_group?.description, "Cargo vans, early waves");
        assert.deepEqual(v.fleet_size, { id: 1, title: "Cargo Van" });
        assert.equal(v.station, a.id);
        assert.equal(v.station_tag, a.tag);
      });

      await t.step(
        "filters: station, status, plate and van number (contains, case-insensitive)",
        async () => {
          assert.deepEqual((await list({ station: String(b.id) })).results.map((v) => v.id), [f.vans.b1.id]);
          assert.deepEqual((await list({ status: "3" })).results.map((v) => v.id), [f.vans.a3.id]);
          assert.deepEqual((await list({ plate_number: `qqa${a.id}` })).results.map((v) => v.id), [
            f.vans.a3.id,
          ]);
          assert.equal((await list({ van_number: "a" })).count, 3);
          assert.equal((await list({ plate_number: "%" })).count, 0, "LIKE wildcards are literal");
          assert.equal(
            (await list({ station: String(c.id) })).count,
            0,
            "a station the viewer lacks shows nothing",
          );
        },
      );

      await t.step("ordering and paging", async () => {
        const byPlate = await list({ ordering: "plate_number" });
        const plates = byPlate.results.map((v) => v.plate_number);
        assert.deepEqual(plates, [...plates].sort());
        const byStatus = await list({ ordering: "-status" });
        assert.equal(byStatus.results[0].status, 3);
        const p1 = await list({ page_size: "10", page: "1", ordering: "id" });
        const p2 = await list({ page_size: "10", page: "2", ordering: "id" });
        assert.equal(p1.results.length, 4);
        assert.equal(p2.results.length, 0);
        assert.equal(p2.count, 4);
        const lastChange = await list({ ordering: "-last_status_change" });
        assert.equal(lastChange.count, 4);
      });

      await t.step("the setup view: search over number, plate and VIN, its own orderings", async () => {
        const setup = (q: Record<string, string>) =>
          listVans(db, mine, referenceListQuery.parse({ page_size: "100", ...q }), "setup");
        const r = await setup({ search: `qqa${a.id}` });
        assert.deepEqual(r.results.map((v) => v.id), [f.vans.a3.id]);
        assert.deepEqual(r.results[0].station, { id: a.id, title: a.title, tag: a.tag });
        assert.equal(r.results[0].van_group?.name, f.group.name);
        const byNumber = (await setup({ ordering: "-number" })).results.map((v) => v.number.toLowerCase());
        assert.deepEqual(byNumber, [...byNumber].sort().reverse());
        await assert.rejects(
          setup({ ordering: "status" }),
          (e: unknown) => e instanceof DomainError && e.kind === "invalid" && e.fields.ordering?.length === 1,
        );
        assert.equal((await getVan(db, mine, f.vans.a1.id, "setup"))?.number, f.vans.a1.number);
      });

      await t.step("one van and the export read are scoped too", async () => {
        assert.ok(await getVan(db, mine, f.vans.a1.id));
        assert.equal(await getVan(db, mine, f.vans.c1.id), undefined);
        const rows = await allVans(db, mine, vanListQuery.parse({ status: "1" }));
        assert.deepEqual(rows.map((v) => v.id).sort(), [f.vans.a1.id, f.vans.b1.id].sort());
      });

      await t.step("history: newest first with the editor, none for a van elsewhere", async () => {
        await db.insert(statusChanges).values([
          {
            entity: "van",
            entityId: f.vans.a2.id,
            fromStatus: 1,
            toStatus: 2,
            reason: 1,
            changedById: f.owner.id,
            changedAt: new Date("2026-01-01T10:00:00Z"),
          },
          {
            entity: "van",
            entityId: f.vans.a2.id,
            fromStatus: 2,
            toStatus: 2,
            reason: 0,
            changedById: f.owner.id,
            changedAt: new Date("2026-01-02T10:00:00Z"),
          },
          {
            entity: "da",
            entityId: f.vans.a2.id,
            fromStatus: 1,
            toStatus: 6,
            changedAt: new Date("2026-01-03T10:00:00Z"),
          },
        ]);
        const rows = await vanHistory(db, mine, f.vans.a2.id);
        assert.equal(rows?.length, 2, "only the van's rows, not a DA's with the same id");
        assert.equal(rows![0].changed_at, "2026-01-02T10:00:00.000Z");
        assert.equal(rows![0].changed_by?.id, f.owner.id);
        assert.equal(rows![1].reason, 1);
        assert.equal(await vanHistory(db, mine, f.vans.c1.id), undefined);
      });

      await t.step("lookups: fleet sizes by id, van groups by name", async () => {
        const sizes = await fleetSizeOptions(db);
        assert.equal(sizes[0].id, 1);
        assert.ok((await vanGroupOptions(db)).some((g) => g.id === f.group.id));
      });

      await t.step("by number: any case, any station, none for an empty list", async () => {
        const hits = await vansByNumber(db, [f.vans.a1.number.toLowerCase(), f.vans.c1.number]);
        assert.deepEqual(hits.map((v) => v.id), [f.vans.a1.id, f.vans.c1.id]);
        assert.equal(hits[0].stationId, a.id);
        assert.deepEqual(await vansByNumber(db, []), []);
      });
    } finally {
      await h.close();
    }
  });
}
