import assert from "node:assert/strict";
import { and, eq, inArray } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { statusChanges } from "../history/schema.ts";
import { vans } from "../org/schema.ts";
import { DomainError, type ErrorKind } from "../errors.ts";
import { VAN } from "./errors.ts";
import type { Db } from "../db/client.ts";
import { changeVanStatuses, patchVan } from "./mutations.ts";
import { bulkStatusInput, vanPatchInput } from "./inputs.ts";
import { fleetFixture } from "./testing.ts";

async function refused(
  p: Promise<unknown>,
  code: string,
  kind: ErrorKind,
  text: RegExp,
): Promise<DomainError> {
  const e = await p.then(() => null, (e) => e);
  assert.ok(e instanceof DomainError, `expected DomainError ${code}, got ${e}`);
  assert.equal(e.code, code);
  assert.equal(e.kind, kind);
  assert.match(JSON.stringify({ ...e.fields, detail: e.message }), text);
  return e;
}

const historyOf = (db: Db, ids: number[]) =>
  db.select().from(statusChanges).where(
    and(eq(statusChanges.entity, "van"), inArray(statusChanges.entityId, ids)),
  )
    .orderBy(statusChanges.id);
const vanRow = async (db: Db, id: number) => (await db.select().from(vans).where(eq(vans.id, id)))[0];

for (const engine of ENGINES) {
  Deno.test(`vans mutations (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await fleetFixture(db);
      const { a, b, c } = f.stations;
      const bulk = (who: typeof f.owner, body: unknown) =>
        changeVanStatuses(db, who, bulkStatusInput.parse(body));
      const patch = (who: typeof f.owner, id: number, body: unknown) =>
        patchVan(db, who, id, vanPatchInput.parse(body));

      await t.step(
        "bulk: status 2 with a reason; one history row per changed van; date and editor returned",
        async () => {
          const r = await bulk(f.dispatcher, {
            id_list: [f.vans.a1.id, f.vans.b1.id],
            status: 2,
            status_change_reason: 1,
          });
          assert.equal(r.changed, 2);
          assert.deepEqual(r.editor, {
            id: f.dispatcher.id,
            first_name: f.dispatcher.first_name,
            last_name: f.dispatcher.last_name,
          });
          const v = await vanRow(db, f.vans.a1.id);
          assert.equal(v.status, 2);
          assert.equal(v.statusChangeReason, 1);
          assert.equal(v.lastStatusChangedById, f.dispatcher.id);
          assert.equal(new Date(v.lastStatusChange!).toISOString(), r.date);
          const rows = await historyOf(db, [f.vans.a1.id, f.vans.b1.id]);
          assert.equal(rows.length, 2);
          for (const row of rows) {
            assert.equal(row.fromStatus, 1);
            assert.equal(row.toStatus, 2);
            assert.equal(row.reason, 1);
            assert.equal(row.changedById, f.dispatcher.id);
            assert.equal(new Date(row.changedAt).toISOString(), r.date);
          }
        },
      );

      await t.step(
        "bulk: a van already in that status and reason is left alone (no history row)",
        async () => {
          const before = (await historyOf(db, [f.vans.a1.id])).length;
          const r = await bulk(f.supervisor, { id_list: [f.vans.a1.id], status: 2, status_change_reason: 1 });
          assert.equal(r.changed, 0);
          assert.equal((await historyOf(db, [f.vans.a1.id])).length, before);
          assert.equal((await vanRow(db, f.vans.a1.id)).lastStatusChangedById, f.dispatcher.id);
        },
      );

      await t.step(
        "bulk: a new reason for an Out of Service van is a change; any other status clears the reason",
        async () => {
          assert.equal(
            (await bulk(f.supervisor, { id_list: [f.vans.a1.id], status: 2, status_change_reason: 3 }))
              .changed,
            1,
          );
          await bulk(f.supervisor, {
            id_list: [f.vans.a1.id, f.vans.b1.id],
            status: 1,
            status_change_reason: 2,
          });
          const v = await vanRow(db, f.vans.a1.id);
          assert.equal(v.status, 1);
          assert.equal(v.statusChangeReason, null);
          const last = (await historyOf(db, [f.vans.a1.id])).at(-1)!;
          assert.deepEqual([last.fromStatus, last.toStatus, last.reason], [2, 1, null]);
        },
      );

      await t.step("bulk: a dispatcher cannot set Off Boarded", async () => {
        await refused(
          bulk(f.dispatcher, { id_list: [f.vans.a1.id], status: 3 }),
          VAN.statusNotAllowed,
          "forbidden",
          /Off Boarded/,
        );
        assert.equal((await vanRow(db, f.vans.a1.id)).status, 1);
      });

      await t.step(
        "bulk: a dispatcher cannot change an Off Boarded van; the whole batch is refused",
        async () => {
          const before = (await historyOf(db, [f.vans.a1.id, f.vans.a3.id])).length;
          await refused(
            bulk(f.dispatcher, { id_list: [f.vans.a1.id, f.vans.a3.id], status: 2, status_change_reason: 0 }),
            VAN.statusNotAllowed,
            "forbidden",
            new RegExp(f.vans.a3.number),
          );
          assert.equal((await vanRow(db, f.vans.a1.id)).status, 1, "nothing half-written");
          assert.equal((await historyOf(db, [f.vans.a1.id, f.vans.a3.id])).length, before);
        },
      );

      await t.step(
        "bulk: a van of another station (or no van) refuses the whole batch, naming the ids",
        async () => {
          const e = await refused(
            bulk(f.supervisor, { id_list: [f.vans.a1.id, f.vans.c1.id, 999999], status: 3 }),
            VAN.notInStations,
            "invalid",
            /Nothing was changed/,
          );
          assert.match(String(e.fields.id_list[0]), new RegExp(`${f.vans.c1.id}, 999999`));
          assert.equal((await vanRow(db, f.vans.a1.id)).status, 1);
          assert.equal((await vanRow(db, f.vans.c1.id)).status, 1);
        },
      );

      await t.step("bulk: management off-boards and brings back", async () => {
        await bulk(f.owner, { id_list: [f.vans.c1.id, f.vans.a1.id], status: 3 });
        assert.equal((await vanRow(db, f.vans.c1.id)).status, 3);
        await bulk(f.supervisor, { id_list: [f.vans.a1.id], status: 1 });
        assert.equal((await vanRow(db, f.vans.a1.id)).status, 1);
      });

      await t.step("patch: status with reason, then the reason alone; each a history row", async () => {
        const v = await patch(f.dispatcher, f.vans.b1.id, { status: 2, status_change_reason: 2 });
        assert.equal(v.status, 2);
        assert.equal(v.status_change_reason, 2);
        assert.equal(v.last_status_changed_by?.id, f.dispatcher.id);
        const v2 = await patch(f.dispatcher, f.vans.b1.id, { status_change_reason: 0 });
        assert.equal(v2.status_change_reason, 0);
        const rows = await historyOf(db, [f.vans.b1.id]);
        assert.deepEqual(rows.slice(-2).map((r) => [r.fromStatus, r.toStatus, r.reason]), [[1, 2, 2], [
          2,
          2,
          0,
        ]]);
      });

      await t.step(
        "patch: a reason for a van that is not Out of Service is refused, naming the field",
        async () => {
          await refused(
            patch(f.supervisor, f.vans.a1.id, { status_change_reason: 1 }),
            VAN.reasonNotAllowed,
            "invalid",
            /status_change_reason.*Only an Out of Service/,
          );
        },
      );

      await t.step(
        "patch: a dispatcher cannot change a station; management can, to one of their stations only",
        async () => {
          await refused(
            patch(f.dispatcher, f.vans.a1.id, { station: b.id }),
            VAN.stationChangeNotAllowed,
            "forbidden",
            /cannot change a van's station/,
          );
          assert.equal(
            (await patch(f.dispatcher, f.vans.a1.id, { station: a.id })).station,
            a.id,
            "the same station is no change",
          );
          await refused(
            patch(f.supervisor, f.vans.a1.id, { station: c.id }),
            VAN.stationNotYours,
            "invalid",
            /station.*Not one of your stations/,
          );
          const moved = await patch(f.supervisor, f.vans.a1.id, { station: b.id });
          assert.equal(moved.station, b.id);
          assert.equal(moved.station_tag, b.tag);
        },
      );

      await t.step("patch: a van elsewhere is not found; a refused patch writes nothing", async () => {
        await refused(
          patch(f.supervisor, f.vans.c1.id, { pick_up_date: "2026-01-01" }),
          VAN.notFound,
          "not_found",
          /Van not found/,
        );
        const before = await vanRow(db, f.vans.a1.id);
        await refused(
          patch(f.dispatcher, f.vans.a1.id, { pick_up_date: "2026-04-01", status: 3 }),
          VAN.statusNotAllowed,
          "forbidden",
          /Off Boarded/,
        );
        assert.equal((await vanRow(db, f.vans.a1.id)).pickUpDate, before.pickUpDate);
      });

      await t.step("patch: pick-up date set and cleared, without a history row", async () => {
        const before = (await historyOf(db, [f.vans.a1.id])).length;
        assert.equal(
          (await patch(f.dispatcher, f.vans.a1.id, { pick_up_date: "2026-04-01" })).pick_up_date,
          "2026-04-01",
        );
        assert.equal((await patch(f.dispatcher, f.vans.a1.id, { pick_up_date: null })).pick_up_date, null);
        assert.equal((await historyOf(db, [f.vans.a1.id])).length, before);
      });

      await t.step("patch: a dispatcher cannot bring an Off Boarded van back", async () => {
        await refused(
          patch(f.dispatcher, f.vans.a3.id, { status: 1 }),
          VAN.statusNotAllowed,
          "forbidden",
          /cannot change an Off Boarded van/,
        );
      });
    } finally {
      await h.close();
    }
  });
}
