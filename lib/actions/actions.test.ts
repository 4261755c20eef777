// Coaching actions on both engines: made from a check week's off-target DAs (one or all, never twice),
// listed with filters and ordering at the viewer's stations only, edited with owners from the super users.
import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { isDomainError } from "../errors.ts";
import { checkFixture } from "../checks/testing.ts";
import { uploadCheckCsv } from "../checks/mutations.ts";
import { getCheckWeek } from "../checks/queries.ts";
import { actionListQuery } from "./inputs.ts";
import { listActions, superUsers } from "./queries.ts";
import { actionsFromCheck, updateAction } from "./mutations.ts";
import { ACTION } from "./errors.ts";

const refusedWith = (code: string) => (e: unknown) => isDomainError(e) && e.code === code;

for (const engine of ENGINES) {
  Deno.test(`coaching actions (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await checkFixture(db);
      const { owner, dispatcher, manager } = f.viewers;
      const up = await uploadCheckCsv(db, owner, f.files.dnr, f.files.overview);
      const week = await getCheckWeek(db, owner, up.check_week_id);
      const measure = (["dsb", "dcr", "pod", "dnr"] as const).find((m) => week.names[m].length > 0)!;
      const off = week.names[measure];
      const q = (over: Record<string, string> = {}) =>
        actionListQuery.parse({ station: String(f.don9.id), ...over });

      await t.step("one DA, then all: each DA once", async () => {
        const one = await actionsFromCheck(db, dispatcher, {
          check_week_id: week.id,
          measure,
          transporter_id: off[0].transporter_id,
        });
        assert.equal(one.created, 1);
        assert.equal(
          one.actions[0].driver_fullname,
          `${off[0].driver__first_name} ${off[0].driver__last_name}`,
        );
        assert.ok(one.actions[0].driver_id, "tied to the DA");
        const all = await actionsFromCheck(db, owner, { check_week_id: week.id, measure });
        assert.equal(all.created, off.length - 1);
        const again = await actionsFromCheck(db, owner, { check_week_id: week.id, measure });
        assert.equal(again.created, 0);
        await assert.rejects(
          actionsFromCheck(db, manager, { check_week_id: week.id, measure }),
          (e) => isDomainError(e) && e.kind === "not_found",
        );
      });

      await t.step("the list: default -week_number, filters, other stations out", async () => {
        const list = await listActions(db, owner, q());
        assert.equal(list.count, off.length);
        assert.equal(list.results[0].get_week_number, 20);
        assert.equal(list.results[0].get_week_day, "Sun");
        assert.equal((await listActions(db, owner, q({ off_target_area: "whc" }))).count, 0);
        assert.equal((await listActions(db, owner, q({ week_date: "2026-05-20" }))).count, off.length);
        assert.equal((await listActions(db, owner, q({ week_date: "2026-06-20" }))).count, 0);
        const name = off[0].driver__last_name;
        assert.equal((await listActions(db, owner, q({ driver: name }))).count, 1);
        const byName = await listActions(db, owner, q({ ordering: "driver_fullname", page_size: "100" }));
        const names = byName.results.map((r) => r.driver_fullname.toLowerCase());
        assert.deepEqual(names, [...names].sort());
        assert.equal((await listActions(db, manager, actionListQuery.parse({}))).count, 0);
      });

      await t.step("edits: status, count, comments, due date; owner must be a super user", async () => {
        const [row] = (await listActions(db, owner, q())).results;
        const supers = await superUsers(db, dispatcher);
        assert.ok(supers.some((u) => u.id === owner.id));
        assert.ok(!supers.some((u) => u.id === dispatcher.id), "dispatchers are not super users");
        const edited = await updateAction(db, dispatcher, row.id, {
          status: 1,
          coaching_count: 2,
          comments: "talked at the gate",
          due_date: "2026-06-01",
          owner: owner.id,
        });
        assert.equal(edited.status, 1);
        assert.equal(edited.coaching_count, 2);
        assert.equal(edited.owner, owner.id);
        assert.ok(edited.owner_name);
        await assert.rejects(
          updateAction(db, owner, row.id, { owner: dispatcher.id }),
          refusedWith(ACTION.ownerNotFound),
        );
        await assert.rejects(updateAction(db, manager, row.id, { status: 2 }), refusedWith(ACTION.notFound));
        assert.equal((await listActions(db, owner, q({ status: "1" }))).count, 1);
        assert.equal((await listActions(db, owner, q({ coaching_count: "2" }))).count, 1);
      });
    } finally {
      await h.close();
    }
  });
}
