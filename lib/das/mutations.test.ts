// Status changes and transporter ids on both engines: who may set what, scope, history, all-or-nothing.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { COMMON, DomainError } from "../errors.ts";
import { DA } from "./errors.ts";
import { users } from "../org/schema.ts";
import { statusChanges } from "../history/schema.ts";
import { makeDriver, makeSpot } from "../demo/factories.ts";
import { daPatchInput, statusChangeInput } from "./inputs.ts";
import { changeStatuses, patchDa } from "./mutations.ts";
import { getDa } from "./queries.ts";
import { daFixture } from "./_fixture.ts";
import type { Db } from "../db/client.ts";

const change = (id_list: number[], status: number, reason?: string) =>
  statusChangeInput.parse({ id_list, status, reason });
const status = async (db: Db, id: number) =>
  (await db.select({ s: users.status, a: users.isActive }).from(users).where(eq(users.id, id)))[0];
const historyOf = (db: Db, id: number) =>
  db.select().from(statusChanges).where(and(eq(statusChanges.entity, "da"), eq(statusChanges.entityId, id)))
    .orderBy(statusChanges.id);
const rejectsWith = (fn: () => Promise<unknown>, code: string, detail?: string | RegExp) =>
  assert.rejects(fn, (e: unknown) => {
    assert.ok(e instanceof DomainError, String(e));
    assert.equal(e.code, code, e.message);
    if (typeof detail === "string") assert.equal(e.message, detail);
    else if (detail) assert.match(e.message, detail);
    return true;
  });

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: DA status changes and transporter ids`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await daFixture(db);
      const [s1, s2, s3] = f.stations;
      const fresh = async (stationId = s1.id, over: Parameters<typeof makeDriver>[1] = {}) => {
        const d = await makeDriver(db, over);
        await makeSpot(db, d.id, stationId, { agencyId: f.agency.id });
        return d;
      };

      await t.step(
        "bulk change: status, is_active, date, editor and one history row per changed DA",
        async () => {
          const [x, y] = [await fresh(), await fresh(s2.id)];
          const before = Date.now();
          const r = await changeStatuses(db, f.dispatcher, change([x.id, y.id], 6, "No show twice"));
          assert.deepEqual(r.changed.sort(), [x.id, y.id].sort());
          assert.deepEqual(r.editor, {
            id: f.dispatcher.id,
            first_name: f.dispatcher.first_name,
            last_name: f.dispatcher.last_name,
          });
          assert.ok(Date.parse(r.date) >= before - 1000);
          assert.deepEqual(await status(db, x.id), { s: 6, a: false });
          const da = await getDa(db, f.owner, y.id);
          assert.equal(da.status, 6);
          assert.equal(da.is_active, false);
          assert.equal(da.last_status_change, r.date);
          assert.equal(da.last_status_changed_by?.id, f.dispatcher.id);
          const [row] = await historyOf(db, x.id);
          assert.equal(row.fromStatus, 1);
          assert.equal(row.toStatus, 6);
          assert.equal(row.note, "No show twice");
          assert.equal(row.changedById, f.dispatcher.id);
        },
      );

      await t.step("back to 1 makes the DA active; a DA already in the status is left alone", async () => {
        const x = await fresh(s1.id, { status: 6, isActive: false });
        const same = await fresh();
        const r = await changeStatuses(db, f.supervisor, change([x.id, same.id], 1));
        assert.deepEqual(r.changed, [x.id]);
        assert.deepEqual(await status(db, x.id), { s: 1, a: true });
        assert.equal((await historyOf(db, same.id)).length, 0);
        assert.equal((await getDa(db, f.owner, same.id)).last_status_change, null);
      });

      await t.step("every change is kept, not only the last", async () => {
        const x = await fresh();
        await changeStatuses(db, f.owner, change([x.id], 2));
        await changeStatuses(db, f.owner, change([x.id], 5));
        await changeStatuses(db, f.owner, change([x.id], 1));
        const rows = await historyOf(db, x.id);
        assert.deepEqual(rows.map((r) => [r.fromStatus, r.toStatus]), [[1, 2], [2, 5], [5, 1]]);
      });

      await t.step("a dispatcher may set only 1 and 6 (403, nothing written)", async () => {
        const x = await fresh();
        for (const s of [2, 3, 5]) {
          await rejectsWith(
            () => changeStatuses(db, f.dispatcher, change([x.id], s)),
            DA.statusNotAllowed,
            /^Dispatchers may set only Active or Inactive/,
          );
        }
        assert.deepEqual(await status(db, x.id), { s: 1, a: true });
        assert.equal((await historyOf(db, x.id)).length, 0);
        await changeStatuses(db, f.supervisor, change([x.id], 3));
        assert.equal((await status(db, x.id)).s, 3);
      });

      await t.step(
        "a batch with a DA outside the viewer's stations is refused whole, naming the ids",
        async () => {
          const mine = await fresh();
          const theirs = await fresh(s3.id);
          await rejectsWith(
            () => changeStatuses(db, f.dispatcher, change([mine.id, theirs.id], 6)),
            COMMON.notFound,
            `Not found: no DA with id ${theirs.id} in your stations. Nothing was changed.`,
          );
          assert.deepEqual(await status(db, mine.id), { s: 1, a: true });
          assert.equal((await historyOf(db, mine.id)).length, 0);
          await rejectsWith(
            () => changeStatuses(db, f.owner, change([f.dispatcher.id], 6)),
            COMMON.notFound,
            /no DA with id/,
          );
          await rejectsWith(() => changeStatuses(db, f.owner, change([999999], 6)), COMMON.notFound);
        },
      );

      await t.step("a DA with spots at a foreign and an own station is in scope", async () => {
        const d = await makeDriver(db);
        await makeSpot(db, d.id, s1.id);
        await makeSpot(db, d.id, s3.id);
        const r = await changeStatuses(db, f.dispatcher, change([d.id], 6));
        assert.deepEqual(r.changed, [d.id]);
      });

      await t.step("transporter id: management edits, upper-cased; dispatcher refused", async () => {
        const x = await fresh();
        await patchDa(db, f.supervisor, x.id, daPatchInput.parse({ transporter_id: "A1234567890ZZ" }));
        assert.equal((await getDa(db, f.owner, x.id)).transporter_id, "A1234567890ZZ");
        await rejectsWith(
          () => patchDa(db, f.dispatcher, x.id, daPatchInput.parse({ transporter_id: "A1234567890YY" })),
          DA.transporterIdNotAllowed,
          "Dispatchers cannot edit transporter IDs.",
        );
        assert.equal((await getDa(db, f.owner, x.id)).transporter_id, "A1234567890ZZ");
      });

      await t.step("transporter id must be unique: 400 naming the DA who has it", async () => {
        const x = await fresh();
        const holder = await fresh(s2.id, {
          firstName: "Hana",
          lastName: "Holder",
          transporterId: "AHOLDER000001",
        });
        await rejectsWith(
          () => patchDa(db, f.owner, x.id, daPatchInput.parse({ transporter_id: "AHOLDER000001" })),
          DA.transporterIdTaken,
          `Transporter ID AHOLDER000001 already belongs to Hana Holder (id ${holder.id}).`,
        );
        await patchDa(db, f.owner, holder.id, daPatchInput.parse({ transporter_id: "AHOLDER000001" })); // its own id again is fine
      });

      await t.step(
        "patch: a DA outside the stations is 404; status and id change together or not at all",
        async () => {
          await rejectsWith(
            () => patchDa(db, f.dispatcher, f.das.c1.id, daPatchInput.parse({ status: 6 })),
            COMMON.notFound,
          );
          const x = await fresh();
          await fresh(s1.id, { transporterId: "ATAKEN0000001" });
          await rejectsWith(
            () =>
              patchDa(db, f.owner, x.id, daPatchInput.parse({ transporter_id: "ATAKEN0000001", status: 6 })),
            DA.transporterIdTaken,
          );
          assert.equal((await status(db, x.id)).s, 1, "the status was not changed either");
          const r = await patchDa(
            db,
            f.owner,
            x.id,
            daPatchInput.parse({ transporter_id: "AFREE00000001", status: 5 }),
          );
          assert.deepEqual(r?.changed, [x.id]);
          assert.equal((await historyOf(db, x.id))[0].toStatus, 5);
          await rejectsWith(
            () => patchDa(db, f.dispatcher, x.id, daPatchInput.parse({ status: 3 })),
            DA.statusNotAllowed,
          );
        },
      );
    } finally {
      await h.close();
    }
  });
}
