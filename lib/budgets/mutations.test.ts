// Budget writes on both engines: one per station and month (also under a race), current-month edits, delete.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { COMMON, DomainError } from "../errors.ts";
import { BUDGET } from "./errors.ts";
import { formatMonthYear } from "../dates/format.ts";
import { budgetInput, budgetPatchInput } from "../shifts/inputs.ts";
import { budgets } from "./schema.ts";
import { createBudget, deleteBudget, patchBudget } from "./mutations.ts";
import { budgetFixture } from "./_fixture.ts";

const numbers = {
  budget_no_of_routes: 25,
  budget_no_of_deliveries: 4000,
  budget_no_of_da: 27,
  budget_no_of_fleet: 26,
};
const refused = (code: string, detail?: string) => (e: unknown) => {
  assert.ok(e instanceof DomainError, String(e));
  assert.equal(e.code, code);
  if (detail) assert.equal(e.message, detail);
  return true;
};

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: budget writes`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await budgetFixture(db);
      const [s1, s2, s3] = f.stations;

      await t.step("add: a station's month; the DTO is editable in the current month", async () => {
        const b = await createBudget(
          db,
          f.manager,
          budgetInput.parse({ station: s2.id, ...f.now, ...numbers }),
        );
        assert.equal(b.station.id, s2.id);
        assert.deepEqual([
          b.month,
          b.year,
          b.budget_no_of_routes,
          b.budget_no_of_deliveries,
          b.budget_no_of_da,
          b.budget_no_of_fleet,
          b.editable,
        ], [f.now.month, f.now.year, 25, 4000, 27, 26, true]);
        const past = await createBudget(
          db,
          f.manager,
          budgetInput.parse({ station: s2.id, ...f.last, ...numbers }),
        );
        assert.equal(past.editable, false);
      });

      await t.step(
        "add: a second budget for the station and month is refused; another station is 403",
        async () => {
          await assert.rejects(
            () => createBudget(db, f.manager, budgetInput.parse({ station: s1.id, ...f.now, ...numbers })),
            refused(
              BUDGET.duplicate,
              `${s1.tag} already has a budget for ${formatMonthYear(f.now.month, f.now.year)}.`,
            ),
          );
          await assert.rejects(() =>
            createBudget(
              db,
              f.manager,
              budgetInput.parse({ station: s3.id, month: 1, year: 2030, ...numbers }),
            ), refused(COMMON.forbidden));
        },
      );

      await t.step("add at once twice: one budget, one refusal", async () => {
        const body = budgetInput.parse({ station: s3.id, month: 2, year: 2031, ...numbers });
        const r = await Promise.allSettled([
          createBudget(db, f.owner, body),
          createBudget(db, f.owner, body),
        ]);
        assert.equal(r.filter((x) => x.status === "fulfilled").length, 1);
        refused(BUDGET.duplicate)((r.find((x) => x.status === "rejected") as PromiseRejectedResult).reason);
      });

      await t.step("the input: every number above 0, month 1-12", () => {
        const ok = (o: Record<string, unknown>) =>
          budgetInput.safeParse({ station: 1, month: 5, year: 2026, ...numbers, ...o }).success;
        assert.equal(ok({}), true);
        assert.equal(ok({ budget_no_of_da: 0 }), false);
        assert.equal(ok({ month: 13 }), false);
        assert.equal(ok({ station: undefined }), false);
        assert.equal(budgetPatchInput.safeParse({ budget_no_of_fleet: 0 }).success, false);
        assert.equal(budgetPatchInput.safeParse({ station: 2 }).success, false, "only the four numbers");
      });

      await t.step("patch: one number of a current-month budget; other months are refused", async () => {
        const b = await patchBudget(
          db,
          f.manager,
          f.budgets.current,
          budgetPatchInput.parse({ budget_no_of_da: 33 }),
        );
        assert.equal(b.budget_no_of_da, 33);
        assert.equal(b.budget_no_of_routes, 20, "the others stay");
        await assert.rejects(
          () =>
            patchBudget(db, f.manager, f.budgets.previous, budgetPatchInput.parse({ budget_no_of_da: 33 })),
          refused(
            BUDGET.monthClosed,
            `Only budgets of the current month (${
              formatMonthYear(f.now.month, f.now.year)
            }) can be changed; this one is for ${formatMonthYear(f.last.month, f.last.year)}.`,
          ),
        );
        await assert.rejects(
          () => patchBudget(db, f.manager, f.budgets.current, {}),
          refused(BUDGET.nothingToChange),
        );
        await assert.rejects(
          () => patchBudget(db, f.manager, f.budgets.far, { budget_no_of_da: 2 }),
          refused(COMMON.notFound),
        );
        const [prev] = await db.select().from(budgets).where(eq(budgets.id, f.budgets.previous));
        assert.equal(prev.das, 18);
      });

      await t.step("delete: any month of the viewer's stations; others are not found", async () => {
        await assert.rejects(() => deleteBudget(db, f.manager, f.budgets.far), refused(COMMON.notFound));
        await deleteBudget(db, f.manager, f.budgets.previous);
        assert.equal((await db.select().from(budgets).where(eq(budgets.id, f.budgets.previous))).length, 0);
        await assert.rejects(() => deleteBudget(db, f.manager, f.budgets.previous), refused(COMMON.notFound));
      });
    } finally {
      await h.close();
    }
  });
}
