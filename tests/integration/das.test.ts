// The DA register's writes under concurrency and at scale, on PGlite and PostgreSQL: changes serialise,
// the history stays a consistent chain, races end in a clear 400 rather than a 500, and a failed
// batch leaves nothing behind.
import assert from "node:assert/strict";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import { stationSpots, statusChanges, users } from "../../lib/db/schema.ts";
import { makeDriver, makeSpot } from "../../lib/demo/factories.ts";
import { DomainError } from "../../lib/errors.ts";
import { DA } from "../../lib/das/errors.ts";
import { daPatchInput, spotCreateInput, statusChangeInput } from "../../lib/das/inputs.ts";
import { changeStatuses, patchDa } from "../../lib/das/mutations.ts";
import { createSpot } from "../../lib/das/spots.ts";
import { daFixture } from "../../lib/das/_fixture.ts";

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: DA register writes under concurrency and at scale`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await daFixture(db);
      const [s1, s2] = f.stations;

      await t.step("overlapping bulk changes at once: every DA's history is an unbroken chain", async () => {
        const das = [];
        for (let i = 0; i < 6; i++) das.push(await makeDriver(db));
        for (const d of das) await makeSpot(db, d.id, s1.id);
        const ids = das.map((d) => d.id);
        const batches = [[1, 6], [6, 5], [1, 2], [6, 3], [1, 1], [5, 6]].map(([i, status]) =>
          changeStatuses(
            db,
            f.owner,
            statusChangeInput.parse({ id_list: i === 1 ? ids : ids.slice(0, 4), status }),
          )
        );
        const settled = await Promise.allSettled(batches);
        assert.ok(
          settled.every((s) => s.status === "fulfilled"),
          JSON.stringify(settled.filter((s) => s.status === "rejected")),
        );
        for (const d of das) {
          const rows = await db.select().from(statusChanges)
            .where(and(eq(statusChanges.entity, "da"), eq(statusChanges.entityId, d.id))).orderBy(
              asc(statusChanges.id),
            );
          let current = 1;
          for (const r of rows) {
            assert.equal(
              r.fromStatus,
              current,
              `DA ${d.id}: history row ${r.id} starts where the last one ended`,
            );
            assert.notEqual(r.toStatus, r.fromStatus);
            current = r.toStatus;
          }
          const [now] = await db.select({ s: users.status, a: users.isActive }).from(users).where(
            eq(users.id, d.id),
          );
          assert.equal(now.s, current);
          assert.equal(now.a, current === 1);
        }
      });

      await t.step(
        "two editors claim one transporter id at once: one wins, the other gets a 400",
        async () => {
          const [x, y] = [await makeDriver(db), await makeDriver(db)];
          await makeSpot(db, x.id, s1.id);
          await makeSpot(db, y.id, s2.id);
          const tid = "ARACE00000001";
          const settled = await Promise.allSettled(
            [x, y].map((d) => patchDa(db, f.owner, d.id, daPatchInput.parse({ transporter_id: tid }))),
          );
          assert.equal(settled.filter((s) => s.status === "fulfilled").length, 1);
          const lost = settled.find((s) => s.status === "rejected") as PromiseRejectedResult;
          assert.ok(lost.reason instanceof DomainError, String(lost.reason));
          assert.equal(lost.reason.code, DA.transporterIdTaken);
          assert.match(lost.reason.message, /^Transporter ID ARACE00000001 already belongs to /);
          const holders = await db.select({ id: users.id }).from(users).where(eq(users.transporterId, tid));
          assert.equal(holders.length, 1);
        },
      );

      await t.step("two editors add the same station spot at once: one spot, one clear 400", async () => {
        const d = await makeDriver(db);
        await makeSpot(db, d.id, s1.id);
        const input = spotCreateInput.parse({ user: d.id, station: s2.id, agency: f.agency.id });
        const settled = await Promise.allSettled([
          createSpot(db, f.owner, input),
          createSpot(db, f.supervisor, input),
        ]);
        assert.equal(settled.filter((s) => s.status === "fulfilled").length, 1);
        const lost = settled.find((s) => s.status === "rejected") as PromiseRejectedResult;
        // A 400 (kind "invalid") under the spot's own code (lib/das/spots.ts).
        assert.ok(lost.reason instanceof DomainError, String(lost.reason));
        assert.equal(lost.reason.kind, "invalid", String(lost.reason));
        const spots = await db.select().from(stationSpots).where(
          and(eq(stationSpots.userId, d.id), eq(stationSpots.stationId, s2.id)),
        );
        assert.equal(spots.length, 1);
      });

      await t.step(
        "500 DAs in one call: one history row each, all with the same instant and editor",
        async () => {
          const rows = Array.from({ length: 500 }, (_, i) => ({
            email: `bulk.${engine.name}.${i}.${crypto.randomUUID().slice(0, 8)}@drivers.example.com`,
            firstName: "Bulk",
            lastName: `DA ${i}`,
            role: 5,
          }));
          const inserted = await db.insert(users).values(rows).returning({ id: users.id });
          const ids = inserted.map((r) => r.id);
          await db.insert(stationSpots).values(ids.map((userId) => ({ userId, stationId: s2.id })));
          const t0 = performance.now();
          const r = await changeStatuses(
            db,
            f.supervisor,
            statusChangeInput.parse({ id_list: ids, status: 6 }),
          );
          const ms = performance.now() - t0;
          assert.equal(r.changed.length, 500);
          const [{ n, instants, editors }] = await db.select({
            n: sql<number>`count(*)`.mapWith(Number),
            instants: sql<number>`count(distinct ${statusChanges.changedAt})`.mapWith(Number),
            editors: sql<number>`count(distinct ${statusChanges.changedById})`.mapWith(Number),
          }).from(statusChanges).where(
            and(eq(statusChanges.entity, "da"), inArray(statusChanges.entityId, ids)),
          );
          assert.deepEqual({ n, instants, editors }, { n: 500, instants: 1, editors: 1 });
          console.log(`  ${engine.name}: 500 DAs changed in ${ms.toFixed(0)} ms`);
        },
      );

      await t.step("a batch that fails while writing leaves nothing behind", async () => {
        const d = await makeDriver(db);
        await makeSpot(db, d.id, s1.id);
        // An editor id that no longer exists makes the write itself fail (foreign key) after the checks passed.
        const ghost = { ...f.owner, id: 2_000_000_000 };
        await assert.rejects(() =>
          changeStatuses(db, ghost, statusChangeInput.parse({ id_list: [d.id], status: 6 }))
        );
        const [row] = await db.select({ s: users.status, c: users.lastStatusChange }).from(users).where(
          eq(users.id, d.id),
        );
        assert.deepEqual(row, { s: 1, c: null });
        const hist = await db.select().from(statusChanges).where(
          and(eq(statusChanges.entity, "da"), eq(statusChanges.entityId, d.id)),
        );
        assert.equal(hist.length, 0);
      });
    } finally {
      await h.close();
    }
  });
}
