import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { vans } from "../org/schema.ts";
import { DomainError, type ErrorKind } from "../errors.ts";
import { makeDriver } from "../demo/factories.ts";
import { fleetSizeInput, vanGroupInput, vanSetupInput, vanSetupPatch } from "./inputs.ts";
import { createVan, deleteVan, updateVan } from "./setup.ts";
import { createFleetSize, deleteFleetSize, updateFleetSize } from "./fleet-sizes.ts";
import { createVanGroup, updateVanGroup } from "./van-groups.ts";
import { FLEET_SIZE, VAN, VAN_GROUP } from "./errors.ts";
import { fleetFixture } from "./testing.ts";

async function refused(
  p: Promise<unknown>,
  code: string,
  kind: ErrorKind,
  field?: string,
): Promise<DomainError> {
  const e = await p.then(() => null, (e) => e);
  assert.ok(e instanceof DomainError, `expected DomainError ${code}, got ${e}`);
  assert.deepEqual([e.code, e.kind], [code, kind]);
  if (field) assert.deepEqual(e.fields[field], [e.message]);
  return e;
}

for (const engine of ENGINES) {
  Deno.test(`vans in Setup (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await fleetFixture(db);
      const { a, c } = f.stations;
      const editor = { id: f.supervisor.id, stationIds: f.supervisor.stationIds };
      const input = (over: Record<string, unknown> = {}) =>
        vanSetupInput.parse({
          number: `S-${a.id}`,
          station: a.id,
          ownership: 2,
          monthly_rate: "99.50",
          ...over,
        });

      await t.step(
        "create: a new van is Available, its rate in cents, the DTO with station and size",
        async () => {
          const v = await createVan(db, editor, input({ fleet_size: 6, van_group: f.group.id }));
          assert.equal(v.status, 1);
          assert.equal(v.monthly_rate, "99.50");
          assert.deepEqual(v.fleet_size, { id: 6, title: "Medium Van" });
          assert.deepEqual(v.van_group, { id: f.group.id, name: f.group.name });
          assert.equal(v.station?.tag, a.tag);
          const [row] = await db.select().from(vans).where(eq(vans.id, v.id));
          assert.equal(row.monthlyRateCents, 9950);
        },
      );

      await t.step("the number is unique whatever its case, on create and on update", async () => {
        await refused(
          createVan(db, editor, input({ number: `s-${a.id}` })),
          VAN.numberTaken,
          "invalid",
          "number",
        );
        await refused(
          updateVan(db, editor, f.vans.a1.id, vanSetupPatch.parse({ number: `S-${a.id}` })),
          VAN.numberTaken,
          "invalid",
          "number",
        );
      });

      await t.step("references: the viewer's station, an existing size and group", async () => {
        await refused(
          createVan(db, editor, input({ number: "X1", station: c.id })),
          VAN.stationNotYours,
          "invalid",
          "station",
        );
        await refused(
          createVan(db, editor, input({ number: "X1", fleet_size: 999 })),
          VAN.unknownFleetSize,
          "invalid",
          "fleet_size",
        );
        await refused(
          createVan(db, editor, input({ number: "X1", van_group: 999_999 })),
          VAN.unknownVanGroup,
          "invalid",
          "van_group",
        );
      });

      await t.step("update changes only what it names; a van elsewhere is not found", async () => {
        const v = await updateVan(
          db,
          editor,
          f.vans.a1.id,
          vanSetupPatch.parse({ model: "Transit", fleet_size: null }),
        );
        assert.equal(v.model, "Transit");
        assert.equal(v.fleet_size, null);
        assert.equal(v.number, f.vans.a1.number);
        assert.equal(v.plate_number, f.vans.a1.plateNumber);
        await refused(
          updateVan(db, editor, f.vans.c1.id, vanSetupPatch.parse({ model: "X" })),
          VAN.notFound,
          "not_found",
        );
        await refused(deleteVan(db, editor, f.vans.c1.id), VAN.notFound, "not_found");
      });

      await t.step("fleet sizes: explicit ids, built-in ones never deleted", async () => {
        const id = 7000 + (a.id % 1000);
        assert.equal(
          (await createFleetSize(db, fleetSizeInput.parse({ id, title: "Box Truck" }))).built_in,
          false,
        );
        await refused(
          createFleetSize(db, fleetSizeInput.parse({ id, title: "Again" })),
          FLEET_SIZE.idTaken,
          "invalid",
          "id",
        );
        await refused(deleteFleetSize(db, 2), FLEET_SIZE.builtIn, "conflict");
        await refused(updateFleetSize(db, 32000, { title: "Y" }), FLEET_SIZE.notFound, "not_found");
        assert.match((await deleteFleetSize(db, id)).detail, /^Fleet size \d+ \(Box Truck\) was deleted\.$/);
      });

      await t.step("van groups: unique names, a supervisor the editor can see", async () => {
        await refused(
          createVanGroup(db, editor, vanGroupInput.parse({ name: f.group.name.toUpperCase() })),
          VAN_GROUP.nameTaken,
          "invalid",
          "name",
        );
        const da = await makeDriver(db);
        await refused(
          updateVanGroup(db, editor, f.group.id, { supervisor: da.id }),
          VAN_GROUP.supervisorNotAllowed,
          "invalid",
          "supervisor",
        );
        await refused(updateVanGroup(db, editor, 999_999, {}), VAN_GROUP.notFound, "not_found");
      });
    } finally {
      await h.close();
    }
  });
}
