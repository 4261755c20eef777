// Reference data through lib on PGlite and PostgreSQL: scoping, uniqueness (also under a race), money in
// cents, and "what references it" counted in SQL, from the catalogue's foreign keys.
import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import { stations, stationSpots, statusChanges, uploads, vans } from "../../lib/db/schema.ts";
import {
  makeAgency,
  makeDriver,
  makeFleetGroup,
  makeScanner,
  makeSpot,
  makeStation,
  makeUser,
  makeVan,
  makeVanGroup,
} from "../../lib/demo/factories.ts";
import { DomainError, type ErrorKind } from "../../lib/errors.ts";
import { ENTITIES } from "../../lib/reference/registry.ts";
import { mayEditOrgWide } from "../../lib/reference/org-wide.ts";
import { updateVanGroup } from "../../lib/vans/van-groups.ts";
import { ENTITY_INPUTS } from "../../lib/reference/inputs.ts";
import { referenceListQuery } from "../../lib/reference/helpers.ts";
import { countReferences, foreignKeysInto } from "../../lib/reference/references.ts";

/** The status the edge (lib/web/endpoint.ts) gives each kind of refusal these tests meet. */
const STATUS: Partial<Record<ErrorKind, number>> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};
/** Refused with the status the edge gives its kind, these words, and (when given) this code. */
const rejects = (p: Promise<unknown>, status: number, message?: RegExp | string, code?: string) =>
  assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof DomainError, String(e));
    assert.equal(STATUS[e.kind], status, e.message);
    if (code) assert.equal(e.code, code, e.message);
    if (typeof message === "string") assert.equal(e.message, message);
    else if (message) assert.match(e.message, message);
    return true;
  });
const q = (over: Record<string, string> = {}) => referenceListQuery.parse({ page_size: "100", ...over });
const tag = () => `Z${crypto.randomUUID().replace(/[^0-9]/g, "").slice(0, 3)}`;

for (const engine of ENGINES) {
  Deno.test(`reference data on ${engine.name}`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const [a, b, c] = [await makeStation(db), await makeStation(db), await makeStation(db)];
      const owner = await makeUser(db, { role: 4 });
      for (const s of [a, b, c]) await makeSpot(db, owner.id, s.id);
      const manager = await makeUser(db, { role: 3 });
      await makeSpot(db, manager.id, a.id);
      const vOwner = { id: owner.id, stationIds: [a.id, b.id, c.id], role: 4 };
      const vManager = { id: manager.id, stationIds: [a.id], role: 3 };
      const orgWide = (p: Promise<unknown>) =>
        rejects(p, 403, /only an owner, or a manager of every station/, "reference.org_wide_owner_only");

      await t.step("the catalogue names every non-cascading foreign key into a table", async () => {
        const keys = await foreignKeysInto(db, "stations");
        const names = keys.map((k) => `${k.table}.${k.column}`);
        for (
          const k of [
            "scanners.station_id",
            "station_spots.station_id",
            "uploads.station_id",
            "vans.station_id",
          ]
        ) {
          assert.ok(names.includes(k), k);
        }
        const intoUsers = (await foreignKeysInto(db, "users")).map((k) => `${k.table}.${k.column}`);
        assert.ok(!intoUsers.includes("sessions.user_id"), "cascading keys go with the row: not references");
      });

      await t.step(
        "stations: the list is the viewer's; creating adds the creator's spot; tags unique",
        async () => {
          assert.deepEqual((await ENTITIES.stations.list(db, vManager, q())).results.map((s) => s.id), [
            a.id,
          ]);
          const t1 = tag();
          await orgWide(ENTITIES.stations.create(db, vManager, { title: "New", tag: t1 }));
          const s = await ENTITIES.stations.create(
            db,
            vOwner,
            ENTITY_INPUTS.stations.create.parse({ title: "New", tag: t1 }),
          );
          const spots = await db.select().from(stationSpots).where(eq(stationSpots.stationId, s.id));
          assert.deepEqual(spots.map((x) => x.userId), [owner.id]);
          await rejects(
            ENTITIES.stations.create(db, vOwner, { title: "Again", tag: t1 }),
            400,
            `A station with the tag ${t1} already exists.`,
            "station.tag_taken",
          );
          await orgWide(ENTITIES.stations.update(db, vManager, b.id, { title: "Not mine" }));
          await orgWide(ENTITIES.stations.remove(db, vManager, a.id));
          await rejects(
            ENTITIES.stations.update(db, vOwner, a.id, { tag: t1 }),
            400,
            undefined,
            "station.tag_taken",
          );
        },
      );

      await t.step("org-wide data: owners, and managers only while they hold every station", async () => {
        assert.equal(await mayEditOrgWide(db, vOwner), true);
        assert.equal(await mayEditOrgWide(db, vManager), false);
        assert.equal(await mayEditOrgWide(db, { id: owner.id, role: 2 }), false);
        const every = await makeUser(db, { role: 3 });
        for (const s of await db.select({ id: stations.id }).from(stations)) {
          await makeSpot(db, every.id, s.id);
        }
        const vEvery = { id: every.id, stationIds: [], role: 3 };
        assert.equal(await mayEditOrgWide(db, vEvery), true);
        await orgWide(ENTITIES.agencies.create(db, vManager, { name: `Ag ${tag()}`, description: "" }));
        const ag = await ENTITIES.agencies.create(db, vEvery, { name: `Ag ${tag()}`, description: "" });
        await ENTITIES.agencies.remove(db, vEvery, (ag as { id: number }).id);
        await makeStation(db);
        assert.equal(await mayEditOrgWide(db, vEvery), false, "a new station they do not hold");
      });

      await t.step(
        "deleting a station counts DAs, vans, scanners and uploads in SQL; staff spots do not block",
        async () => {
          const s = await makeStation(db);
          const das = [await makeDriver(db), await makeDriver(db)];
          for (const d of das) await makeSpot(db, d.id, s.id);
          await makeSpot(db, owner.id, s.id);
          const v = { ...vOwner, stationIds: [...vOwner.stationIds, s.id] };
          await makeVan(db, { stationId: s.id });
          await makeScanner(db, { stationId: s.id });
          await makeScanner(db, { stationId: s.id, kind: "dolly" });
          await makeScanner(db, { stationId: s.id });
          await db.insert(uploads).values({
            kind: "roster",
            fileName: "roster.csv",
            size: 3,
            sha256: "abc",
            data: new Uint8Array([1, 2, 3]),
            stationId: s.id,
          });
          await rejects(
            ENTITIES.stations.remove(db, v, s.id),
            409,
            `Cannot delete station ${s.tag}: 2 DAs, 3 scanners, 1 uploaded file and 1 van use it.`,
            "reference.in_use",
          );
          await db.delete(vans).where(eq(vans.stationId, s.id));
          await db.execute(sql`delete from scanners where station_id = ${s.id}`);
          await db.delete(uploads).where(eq(uploads.stationId, s.id));
          await rejects(
            ENTITIES.stations.remove(db, v, s.id),
            409,
            `Cannot delete station ${s.tag}: 2 DAs use it.`,
            "reference.in_use",
          );
          await db.delete(stationSpots).where(
            and(eq(stationSpots.stationId, s.id), sql`${stationSpots.userId} <> ${owner.id}`),
          );
          const res = await ENTITIES.stations.remove(db, v, s.id);
          assert.equal(res.detail, `Station ${s.tag} was deleted.`);
          assert.equal((await db.select().from(stations).where(eq(stations.id, s.id))).length, 0);
        },
      );

      await t.step("agencies and fleet groups: people counted once, split into DAs and staff", async () => {
        const agency = await makeAgency(db);
        const fg = await makeFleetGroup(db);
        const da = await makeDriver(db, { agencyId: agency.id });
        await makeSpot(db, da.id, a.id, { agencyId: agency.id, fleetGroupIds: [fg.id] });
        const staff = await makeUser(db, { agencyId: agency.id });
        await makeSpot(db, staff.id, a.id, { fleetGroupIds: [fg.id] });
        assert.deepEqual(await countReferences(db, "agencies", agency.id), [
          { label: "DA", count: 1 },
          { label: "staff account", count: 1 },
        ]);
        await rejects(
          ENTITIES.agencies.remove(db, vOwner, agency.id),
          409,
          `Cannot delete agency ${agency.name}: 1 DA and 1 staff account use it.`,
          "reference.in_use",
        );
        await assert.rejects(ENTITIES.agencies.remove(db, vOwner, agency.id), (e: unknown) => {
          assert.ok(e instanceof DomainError);
          assert.deepEqual(e.data.references, [{ label: "DA", count: 1 }, {
            label: "staff account",
            count: 1,
          }]);
          return true;
        });
        await rejects(
          ENTITIES.agencies.create(db, vOwner, { name: agency.name.toUpperCase(), description: "" }),
          400,
          `An agency named "${agency.name.toUpperCase()}" already exists.`,
          "agency.name_taken",
        );
        await rejects(
          ENTITIES["fleet-groups"].create(db, vOwner, { name: fg.name, description: "" }),
          400,
          `A fleet group named "${fg.name}" already exists.`,
          "fleet_group.name_taken",
        );
        await rejects(
          ENTITIES["fleet-groups"].remove(db, vOwner, fg.id),
          409,
          /1 DA and 1 staff account use it/,
          "reference.in_use",
        );
        const free = await makeAgency(db);
        assert.equal(
          (await ENTITIES.agencies.remove(db, vOwner, free.id)).detail,
          `Agency ${free.name} was deleted.`,
        );
        await rejects(
          ENTITIES.agencies.remove(db, vOwner, free.id),
          404,
          "Agency not found.",
          "common.not_found",
        );
      });

      await t.step(
        "van groups: referenced by vans and by people; supervisor must be visible staff",
        async () => {
          const g = await makeVanGroup(db);
          await makeVan(db, { vanGroupId: g.id, stationId: a.id });
          await makeVan(db, { vanGroupId: g.id, stationId: c.id });
          await rejects(
            ENTITIES["van-groups"].remove(db, vOwner, g.id),
            409,
            `Cannot delete van group ${g.name}: 2 vans use it.`,
          );
          const far = await makeUser(db, { role: 2 });
          await makeSpot(db, far.id, c.id);
          await orgWide(ENTITIES["van-groups"].update(db, vManager, g.id, { supervisor: far.id }));
          // Past the policy, the supervisor must still be someone the viewer sees.
          await rejects(updateVanGroup(db, vManager, g.id, { supervisor: far.id }), 400, /supervisor/);
          const ok = await ENTITIES["van-groups"].update(db, vOwner, g.id, { supervisor: far.id });
          assert.equal(ok.supervisor, far.id);
        },
      );

      await t.step(
        "vans: scoped to the viewer's stations; dollars in, cents stored; history blocks the delete",
        async () => {
          const created = await ENTITIES.vans.create(
            db,
            vManager,
            ENTITY_INPUTS.vans.create.parse({
              number: `V${tag()}`,
              station: a.id,
              ownership: 2,
              monthly_rate: "1399.99",
            }),
          );
          assert.equal(created.monthly_rate, "1399.99");
          const [row] = await db.select().from(vans).where(eq(vans.id, created.id));
          assert.equal(row.monthlyRateCents, 139_999);
          const far = await makeVan(db, { stationId: c.id });
          assert.ok(!(await ENTITIES.vans.list(db, vManager, q())).results.some((x) => x.id === far.id));
          await rejects(ENTITIES.vans.update(db, vManager, far.id, { model: "X" }), 404);
          await rejects(
            ENTITIES.vans.update(db, vManager, created.id, { station: c.id }),
            400,
            /one of your stations/,
          );
          await rejects(
            ENTITIES.vans.create(db, vOwner, {
              ...ENTITY_INPUTS.vans.create.parse({ number: created.number, station: a.id, ownership: 1 }),
            }),
            400,
            /already exists/,
          );
          await db.insert(statusChanges).values({
            entity: "van",
            entityId: created.id,
            fromStatus: 1,
            toStatus: 2,
            reason: 1,
          });
          await rejects(
            ENTITIES.vans.remove(db, vManager, created.id),
            409,
            `Cannot delete van ${created.number}: 1 status history entry uses it.`,
          );
          // Status history of a DA with the same id is not the van's.
          const fresh = await makeVan(db, { stationId: a.id });
          await db.insert(statusChanges).values({
            entity: "da",
            entityId: fresh.id,
            fromStatus: 1,
            toStatus: 6,
          });
          assert.match((await ENTITIES.vans.remove(db, vManager, fresh.id)).detail, /was deleted/);
        },
      );

      await t.step("fleet sizes: explicit ids; the six built-in ones are never deleted", async () => {
        await rejects(ENTITIES["fleet-sizes"].remove(db, vOwner, 1), 409, /built in/);
        const s = await ENTITIES["fleet-sizes"].create(db, vOwner, { id: 77, title: "Step van" });
        assert.deepEqual(s, { id: 77, title: "Step van", built_in: false });
        await rejects(
          ENTITIES["fleet-sizes"].create(db, vOwner, { id: 77, title: "Twice" }),
          400,
          /already exists/,
        );
        assert.equal(
          (await ENTITIES["fleet-sizes"].update(db, vOwner, 77, { title: "Step Van" })).title,
          "Step Van",
        );
        assert.match((await ENTITIES["fleet-sizes"].remove(db, vOwner, 77)).detail, /was deleted/);
      });

      await t.step(
        "scanners: unique per kind even when two saves race; scoped to the viewer's stations",
        async () => {
          const serial = `R-${tag()}`;
          const make = () =>
            ENTITIES.scanners.create(db, vOwner, {
              kind: "rabbit",
              serial_number: serial,
              station: a.id,
              status: 1,
            });
          const results = await Promise.allSettled([make(), make()]);
          const ok = results.filter((r) => r.status === "fulfilled");
          const failed = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
          assert.equal(ok.length, 1);
          assert.equal(failed.length, 1);
          assert.ok(
            failed[0].reason instanceof DomainError && failed[0].reason.code === "scanner.serial_taken",
            String(failed[0].reason),
          );
          const far = await makeScanner(db, { stationId: c.id });
          await rejects(ENTITIES.scanners.remove(db, vManager, far.id), 404);
          await rejects(
            ENTITIES.scanners.create(db, vManager, {
              kind: "dolly",
              serial_number: "D",
              station: c.id,
              status: 1,
            }),
            400,
            "Not valid: choose one of your stations.",
            "scanner.station_not_yours",
          );
          const list = await ENTITIES.scanners.list(db, vManager, q({ kind: "rabbit" }));
          assert.ok(list.results.every((s) => s.station.id === a.id && s.kind === "rabbit"));
        },
      );
    } finally {
      await h.close();
    }
  });
}
