// Fleet register rules at scale and under concurrency, on PGlite and on PostgreSQL alike.
import assert from "node:assert/strict";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import { vans } from "../../lib/org/schema.ts";
import { statusChanges } from "../../lib/history/schema.ts";
import { makeVan } from "../../lib/demo/factories.ts";
import { changeVanStatuses, patchVan } from "../../lib/vans/mutations.ts";
import { bulkStatusInput, vanListQuery } from "../../lib/vans/inputs.ts";
import { listVans, vanHistory } from "../../lib/vans/queries.ts";
import { DomainError } from "../../lib/errors.ts";
import { VAN } from "../../lib/vans/errors.ts";
import { fleetFixture } from "../../lib/vans/testing.ts";

for (const engine of ENGINES) {
  Deno.test(`vans at scale and under concurrency (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await fleetFixture(db);
      const { a, b, c } = f.stations;
      const many: number[] = [];
      await db.transaction(async (tx) => {
        for (let i = 0; i < 500; i++) many.push((await makeVan(tx, { stationId: i % 2 ? a.id : b.id })).id);
      });
      const countHistory = async (ids: number[]) =>
        (await db.select({ n: sql<number>`count(*)::int` }).from(statusChanges)
          .where(and(eq(statusChanges.entity, "van"), inArray(statusChanges.entityId, ids))))[0].n;

      await t.step("500 vans change in one call: 500 history rows with one time and editor", async () => {
        const r = await changeVanStatuses(
          db,
          f.supervisor,
          bulkStatusInput.parse({ id_list: many, status: 2, status_change_reason: 3 }),
        );
        assert.equal(r.changed, 500);
        assert.equal(await countHistory(many), 500);
        const times = await db.selectDistinct({ at: statusChanges.changedAt, by: statusChanges.changedById })
          .from(statusChanges)
          .where(and(eq(statusChanges.entity, "van"), inArray(statusChanges.entityId, many)));
        assert.equal(times.length, 1);
        assert.equal(times[0].by, f.supervisor.id);
        const listed = await listVans(
          db,
          f.supervisor.stationIds,
          vanListQuery.parse({ status: "2", page_size: "100" }),
        );
        assert.ok(listed.count >= 500);
      });

      await t.step("one foreign van in 500 refuses the whole batch: nothing written", async () => {
        const before = await countHistory(many);
        const e = await changeVanStatuses(
          db,
          f.supervisor,
          bulkStatusInput.parse({ id_list: [...many, f.vans.c1.id], status: 1 }),
        )
          .catch((e) => e);
        assert.ok(
          e instanceof DomainError && e.code === VAN.notInStations && e.kind === "invalid",
          String(e),
        );
        assert.equal(await countHistory(many), before);
        const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(vans)
          .where(and(inArray(vans.id, many), eq(vans.status, 1)));
        assert.equal(n, 0);
      });

      await t.step(
        "concurrent changes of the same vans keep one unbroken history chain per van",
        async () => {
          const ids = many.slice(0, 20);
          const runs = [1, 2, 1, 3, 2, 1].map((status, i) =>
            changeVanStatuses(
              db,
              i % 2 ? f.owner : f.supervisor,
              bulkStatusInput.parse({
                id_list: i % 2 ? [...ids].reverse() : ids,
                status,
                status_change_reason: status === 2 ? i % 4 : undefined,
              }),
            )
          );
          await Promise.all(runs);
          for (const id of ids) {
            const rows = await db.select().from(statusChanges)
              .where(and(eq(statusChanges.entity, "van"), eq(statusChanges.entityId, id)))
              .orderBy(asc(statusChanges.changedAt), asc(statusChanges.id));
            for (let i = 1; i < rows.length; i++) {
              assert.equal(
                rows[i].fromStatus,
                rows[i - 1].toStatus,
                `van ${id}: row ${i} starts where row ${i - 1} ended`,
              );
            }
            const [van] = await db.select().from(vans).where(eq(vans.id, id));
            assert.equal(rows.at(-1)!.toStatus, van.status, "the last history row is the van's status");
            assert.equal(rows.at(-1)!.reason, van.statusChangeReason);
          }
        },
      );

      await t.step(
        "a van moved to a station the supervisor lacks leaves their register; its history goes with it",
        async () => {
          const id = many[0];
          await patchVan(db, f.owner, id, { station: c.id });
          const seen = await listVans(
            db,
            f.supervisor.stationIds,
            vanListQuery.parse({
              van_number: (await db.select().from(vans).where(eq(vans.id, id)))[0].number,
            }),
          );
          assert.equal(seen.count, 0);
          assert.equal(await vanHistory(db, f.supervisor.stationIds, id), undefined);
          assert.ok((await vanHistory(db, f.owner.stationIds, id))!.length >= 1);
        },
      );
    } finally {
      await h.close();
    }
  });
}
