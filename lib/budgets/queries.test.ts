// The budgets list on both engines: station scope, newest first, the month narrowing, the editable flag.
import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { COMMON, DomainError } from "../errors.ts";
import { budgetListQuery } from "./inputs.ts";
import { listBudgets } from "./queries.ts";
import { budgetFixture } from "./_fixture.ts";

const q = (o: Record<string, string> = {}) => budgetListQuery.parse(o);

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: budgets list`, async (t) => {
    const h = await engine.open();
    try {
      const f = await budgetFixture(h.db);
      const [s1, s2, s3] = f.stations;
      const { current, previous, far } = f.budgets;

      await t.step("the viewer's stations only, newest first, with the DTO", async () => {
        const mine = await listBudgets(h.db, f.manager, q());
        assert.deepEqual(mine.results.map((b) => b.id), [previous, current]);
        assert.equal(mine.count, 2);
        assert.deepEqual(mine.results[1], {
          id: current,
          station: { id: s1.id, title: s1.title, tag: s1.tag },
          month: f.now.month,
          year: f.now.year,
          budget_no_of_routes: 20,
          budget_no_of_deliveries: 2000,
          budget_no_of_da: 20,
          budget_no_of_fleet: 20,
          editable: true,
        });
        assert.equal(mine.results[0].editable, false, "last month's budget is read-only");
        assert.deepEqual((await listBudgets(h.db, f.owner, q())).results.map((b) => b.id), [
          far,
          previous,
          current,
        ]);
      });

      await t.step("month + year narrow to one month (the Add dialog's taken stations)", async () => {
        const now = await listBudgets(
          h.db,
          f.owner,
          q({ month: String(f.now.month), year: String(f.now.year) }),
        );
        assert.deepEqual(now.results.map((b) => b.station.id).sort(), [s1.id, s3.id].sort());
        assert.deepEqual((await listBudgets(h.db, f.owner, q({ station: String(s2.id) }))).results, []);
      });

      await t.step("paging, and a station outside the viewer's is refused", async () => {
        assert.deepEqual((await listBudgets(h.db, f.owner, q({ page: "2" }))).results, []);
        await assert.rejects(
          () => listBudgets(h.db, f.manager, q({ station: String(s3.id) })),
          (e) => e instanceof DomainError && e.code === COMMON.forbidden,
        );
      });
    } finally {
      await h.close();
    }
  });
}
