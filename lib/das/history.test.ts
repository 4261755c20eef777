import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { COMMON, DomainError } from "../errors.ts";
import { statusChangeInput } from "./inputs.ts";
import { changeStatuses } from "./mutations.ts";
import { daHistory, recordDaChanges } from "./history.ts";
import { daFixture } from "./_fixture.ts";

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: a DA's status history`, async (t) => {
    const h = await engine.open();
    try {
      const f = await daFixture(h.db);
      const { a1, c1 } = f.das;

      await t.step("empty before any change", async () => {
        assert.deepEqual(await daHistory(h.db, f.owner, a1.id), []);
      });

      await t.step("every change, newest first, with who, when, from, to and reason", async () => {
        await changeStatuses(
          h.db,
          f.dispatcher,
          statusChangeInput.parse({ id_list: [a1.id], status: 6, reason: "Late" }),
        );
        await changeStatuses(h.db, f.owner, statusChangeInput.parse({ id_list: [a1.id], status: 1 }));
        const rows = await daHistory(h.db, f.dispatcher, a1.id);
        assert.equal(rows.length, 2);
        assert.deepEqual(rows.map((r) => [r.from_status, r.to_status]), [[6, 1], [1, 6]]);
        assert.deepEqual(rows[1].changed_by, {
          id: f.dispatcher.id,
          first_name: f.dispatcher.first_name,
          last_name: f.dispatcher.last_name,
        });
        assert.equal(rows[1].reason, "Late");
        assert.equal(rows[0].reason, null);
        assert.ok(Date.parse(rows[0].changed_at) >= Date.parse(rows[1].changed_at));
      });

      await t.step("same instant: the later row first", async () => {
        const at = new Date();
        await recordDaChanges(h.db, [{ daId: c1.id, from: 1, to: 6 }], f.owner.id, at, null);
        await recordDaChanges(h.db, [{ daId: c1.id, from: 6, to: 5 }], f.owner.id, at, null);
        assert.deepEqual((await daHistory(h.db, f.owner, c1.id)).map((r) => r.to_status), [5, 6]);
      });

      await t.step("outside the viewer's stations: 404", async () => {
        await assert.rejects(
          () => daHistory(h.db, f.dispatcher, c1.id),
          (e) => e instanceof DomainError && e.code === COMMON.notFound,
        );
      });
    } finally {
      await h.close();
    }
  });
}
