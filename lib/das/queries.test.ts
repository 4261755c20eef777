// The register's reads on both engines: scope, filters, ordering, paging, spots and the DTO.
import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { COMMON, DomainError } from "../errors.ts";
import { DA } from "./errors.ts";
import { makeUser } from "../demo/factories.ts";
import { eq } from "drizzle-orm";
import { users } from "../org/schema.ts";
import { daListQuery } from "./inputs.ts";
import { allDas, containsPattern, getDa, getDas, listDas } from "./queries.ts";
import { daFixture } from "./_fixture.ts";

const q = (over: Record<string, string> = {}) => daListQuery.parse(over);
const isNotFound = (e: unknown) => e instanceof DomainError && e.code === COMMON.notFound;
const ids = (r: { results: { id: number }[] }) => r.results.map((d) => d.id);

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: DA register reads`, async (t) => {
    const h = await engine.open();
    try {
      const f = await daFixture(h.db);
      const { a1, a2, b1, c1, both } = f.das;
      const [s1, s2, s3] = f.stations;

      await t.step("a viewer sees DAs with a spot in their stations, newest first", async () => {
        assert.deepEqual(ids(await listDas(h.db, f.dispatcher, q())), [both.id, b1.id, a2.id, a1.id]);
        assert.deepEqual(ids(await listDas(h.db, f.owner, q())), [both.id, c1.id, b1.id, a2.id, a1.id]);
        const page = await listDas(h.db, f.owner, q());
        assert.equal(page.count, 5);
      });

      await t.step("staff accounts are not DAs", async () => {
        const r = await listDas(h.db, f.owner, q({ page_size: "100" }));
        assert.ok(r.results.every((d) => d.role === 5));
        assert.ok(!ids(r).includes(f.dispatcher.id));
      });

      await t.step("the station filter narrows within the viewer's stations and refuses others", async () => {
        assert.deepEqual(ids(await listDas(h.db, f.owner, q({ in_station: String(s3.id) }))), [
          both.id,
          c1.id,
        ]);
        assert.deepEqual(ids(await listDas(h.db, f.owner, q({ station: String(s2.id) }))), [b1.id]);
        await assert.rejects(
          () => listDas(h.db, f.dispatcher, q({ in_station: String(s3.id) })),
          (e) => {
            assert.ok(e instanceof DomainError);
            assert.equal(e.code, COMMON.forbidden);
            assert.equal(e.message, `Station ${s3.id} is not one of your stations.`);
            return true;
          },
        );
      });

      await t.step("a viewer with no stations sees nothing", async () => {
        const lonely = { id: (await makeUser(h.db)).id, role: 2 as const, stationIds: [] };
        assert.deepEqual(await listDas(h.db, lonely, q()), { count: 0, results: [] });
      });

      await t.step(
        "filters: status, search over name / transporter id / e-mail, licence, badge",
        async () => {
          assert.deepEqual(ids(await listDas(h.db, f.owner, q({ status: "6" }))), [b1.id]);
          assert.deepEqual(ids(await listDas(h.db, f.owner, q({ status: "3,6" }))), [both.id, b1.id]);
          assert.deepEqual(ids(await listDas(h.db, f.owner, q({ search: "alice ander" }))), [a1.id]);
          assert.deepEqual(
            ids(await listDas(h.db, f.owner, q({ search: a2.transporterId!.slice(2, 9).toLowerCase() }))),
            [a2.id],
          );
          assert.deepEqual(ids(await listDas(h.db, f.owner, q({ search: a1.email.toUpperCase() }))), [a1.id]);
          assert.deepEqual(ids(await listDas(h.db, f.owner, q({ driver_license: "licen" }))), [a2.id]);
          assert.deepEqual(ids(await listDas(h.db, f.owner, q({ badge: "300" }))), [c1.id]);
          assert.deepEqual(
            ids(await listDas(h.db, f.owner, q({ search: "%" }))),
            [],
            "% is a literal, not a wildcard",
          );
        },
      );

      await t.step("a dispatcher cannot filter by Rehired or Blacklisted", async () => {
        await assert.rejects(() => listDas(h.db, f.dispatcher, q({ status: "3" })), (e) => {
          assert.ok(e instanceof DomainError);
          assert.equal(e.code, DA.statusFilterNotAllowed);
          assert.equal(e.message, "Dispatchers cannot filter by status Blacklisted.");
          return true;
        });
        assert.deepEqual(ids(await listDas(h.db, f.supervisor, q({ status: "3" }))), [both.id]);
      });

      await t.step("ordering by any column, ties broken by id", async () => {
        const byName = await listDas(h.db, f.owner, q({ ordering: "name" }));
        assert.deepEqual(byName.results.map((d) => d.first_name), ["Alice", "Bob", "Carla", "Dmitri", "Eve"]);
        const byBadge = await listDas(h.db, f.owner, q({ ordering: "-badge" }));
        assert.deepEqual(byBadge.results.map((d) => d.badge), ["3001", "2001", "1301", "1002", "1001"]);
        const byStatus = await listDas(h.db, f.owner, q({ ordering: "status" }));
        assert.deepEqual(byStatus.results.map((d) => d.status), [1, 1, 1, 3, 6]);
        assert.deepEqual(byStatus.results.slice(0, 3).map((d) => d.id), [a1.id, a2.id, c1.id]);
      });

      await t.step("empty values sort last in both directions", async () => {
        await h.db.update(users).set({
          lastStatusChange: new Date("2026-01-01T00:00:00Z"),
          lastStatusChangedById: f.owner.id,
        }).where(eq(users.id, b1.id));
        await h.db.update(users).set({
          lastStatusChange: new Date("2026-02-01T00:00:00Z"),
          lastStatusChangedById: f.dispatcher.id,
        }).where(eq(users.id, c1.id));
        for (
          const [ordering, first] of [["last_status_change", [b1.id, c1.id]], ["-last_status_change", [
            c1.id,
            b1.id,
          ]]] as const
        ) {
          const r = await listDas(h.db, f.owner, q({ ordering }));
          assert.deepEqual(ids(r).slice(0, 2), first, ordering);
          assert.ok(r.results.slice(2).every((d) => d.last_status_change === null), ordering);
        }
        const byEditor = await listDas(h.db, f.owner, q({ ordering: "-last_status_changed_by" }));
        assert.deepEqual(
          ids(byEditor).slice(0, 2),
          [b1.id, c1.id],
          "names descending (Olga Owner, Dora Dispatch), then the never-changed",
        );
        assert.equal(byEditor.results[0].last_status_changed_by?.id, f.owner.id);
      });

      await t.step("paging: count stays the total, a page past the end is empty", async () => {
        await makeUser(h.db); // noise
        const p2 = await listDas(h.db, f.owner, q({ page: "2", page_size: "10" }));
        assert.deepEqual(p2, { count: 5, results: [] });
      });

      await t.step("the DTO: spec fields, spots at the viewer's stations only", async () => {
        const [eve] = (await listDas(h.db, f.dispatcher, q({ search: "Eve" }))).results;
        assert.deepEqual(Object.keys(eve).sort(), [
          "badge",
          "created",
          "driver_license",
          "email",
          "first_name",
          "id",
          "is_active",
          "language",
          "last_name",
          "last_status_change",
          "last_status_changed_by",
          "role",
          "station_spots",
          "status",
          "transporter_id",
        ]);
        assert.deepEqual(
          eve.station_spots.map((s) => s.station.id),
          [s1.id],
          "the DTO hides the station-3 spot from the dispatcher",
        );
        assert.deepEqual(eve.station_spots[0].agency, { id: f.agency.id, name: f.agency.name });
        assert.deepEqual(eve.station_spots[0].fleet_groups, [{
          id: f.fleetGroups[0].id,
          name: f.fleetGroups[0].name,
        }]);
        assert.equal(eve.station_spots[0].station.tag, s1.tag);
        const full = await getDa(h.db, f.owner, both.id);
        assert.equal(full.station_spots.length, 2);
        assert.equal(full.last_status_changed_by, null);
        assert.match(full.created, /^\d{4}-\d\d-\d\dT/);
      });

      await t.step("getDa / getDas: 404 and omission outside the viewer's stations", async () => {
        await assert.rejects(() => getDa(h.db, f.dispatcher, c1.id), isNotFound);
        await assert.rejects(
          () => getDa(h.db, f.owner, f.dispatcher.id),
          isNotFound,
          "staff are not DAs",
        );
        assert.deepEqual((await getDas(h.db, f.dispatcher, [c1.id, a1.id, b1.id])).map((d) => d.id), [
          a1.id,
          b1.id,
        ]);
      });

      await t.step("allDas: every match in the list's order, no paging", async () => {
        const all = await allDas(h.db, f.owner, q({ ordering: "badge", page_size: "10" }));
        assert.deepEqual(all.map((d) => d.badge), ["1001", "1002", "1301", "2001", "3001"]);
      });
    } finally {
      await h.close();
    }
  });
}

Deno.test("like patterns escape the wildcards a person types", () => {
  assert.equal(containsPattern("a%b_c\\"), "%a\\%b\\_c\\\\%");
});
