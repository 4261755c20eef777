// The budgets API through the real app on the demo organisation: the two privileged roles only, their
// stations only, one budget per station and month, numbers editable only in the budget's own month.
import assert from "node:assert/strict";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { orgToday } from "../integration/tracker-fixture.ts";
import { stepPeriod } from "../../lib/dates/periods.ts";
import { formatMonthYear } from "../../lib/dates/format.ts";
import { monthOfDay } from "../../lib/budgets/policy.ts";
import { and, eq, inArray } from "drizzle-orm";
import { budgets } from "../../lib/db/schema.ts";
import { BUDGET } from "../../lib/budgets/errors.ts";
import type { BudgetDto } from "../../lib/budgets/dto.ts";

const app: TestApp = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());

async function signedIn(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}
const numbers = {
  budget_no_of_routes: 30,
  budget_no_of_deliveries: 5200,
  budget_no_of_da: 32,
  budget_no_of_fleet: 31,
};

Deno.test({
  name: "the budgets API enforces role, station, one-per-month and current-month edits",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const dispatcher = await signedIn("dispatcher@example.com");
    const supervisor = await signedIn("supervisor@example.com");
    const manager = await signedIn("manager@example.com");
    const now = monthOfDay(await orgToday(app.db.db));
    const last = stepPeriod("month", now, -1);
    // Any demo budget of these two months at DON9 makes room for the test's own.
    for (const m of [now, last]) {
      await app.db.db.delete(budgets).where(
        and(inArray(budgets.stationId, [1]), eq(budgets.month, m.month), eq(budgets.year, m.year)),
      );
    }
    let current = 0;
    let previous = 0;

    await t.step("a visitor gets 401; roles 1 and 2 get 403 on every call", async () => {
      const v = new Client(app.url);
      assert.equal((await v.fetch("/api/budget/")).status, 401);
      for (const c of [dispatcher, supervisor]) {
        assert.equal((await c.fetch("/api/budget/")).status, 403);
        assert.equal(
          (await c.json("/api/budget/", { method: "POST", json: { station: 1, ...now, ...numbers } })).status,
          403,
        );
        assert.equal(
          (await c.json("/api/budget/1/", { method: "PATCH", json: { budget_no_of_da: 3 } })).status,
          403,
        );
        assert.equal((await c.fetch("/api/budget/1/", { method: "DELETE" })).status, 403);
      }
    });

    await t.step("add: 201 with the budget; a second one for the station and month is 400", async () => {
      const r = await manager.json("/api/budget/", {
        method: "POST",
        json: { station: 1, ...now, ...numbers },
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      current = r.body.id;
      assert.equal(r.body.station.tag, "DON9");
      assert.equal(r.body.editable, true);
      const again = await manager.json("/api/budget/", {
        method: "POST",
        json: { station: 1, ...now, ...numbers },
      });
      assert.deepEqual([again.status, again.body.code], [400, BUDGET.duplicate]);
      assert.equal(
        again.body.detail,
        `DON9 already has a budget for ${formatMonthYear(now.month, now.year)}.`,
      );
      const old = await manager.json("/api/budget/", {
        method: "POST",
        json: { station: 1, ...last, ...numbers },
      });
      assert.equal(old.status, 201);
      previous = old.body.id;
      assert.equal(old.body.editable, false);
    });

    await t.step("add: validation names the field; every number must be above 0", async () => {
      const r = await manager.json("/api/budget/", {
        method: "POST",
        json: { station: 2, ...now, ...numbers, budget_no_of_fleet: 0 },
      });
      assert.equal(r.status, 400);
      assert.deepEqual(r.body.budget_no_of_fleet, ["Must be more than 0"]);
      const none = await manager.json("/api/budget/", { method: "POST", json: {} });
      assert.equal(none.status, 400);
      assert.ok(none.body.station && none.body.month && none.body.year);
    });

    await t.step("list: newest first, month narrowing, the editable flag", async () => {
      const r = await manager.json("/api/budget/?page_size=100");
      assert.equal(r.status, 200);
      const ids = r.body.results.map((b: BudgetDto) => b.id);
      assert.ok(ids.indexOf(previous) < ids.indexOf(current), "newest first");
      const month = await manager.json(`/api/budget/?month=${now.month}&year=${now.year}`);
      assert.ok(
        month.body.results.every((b: BudgetDto) =>
          b.month === now.month && b.year === now.year && b.editable
        ),
      );
    });

    await t.step("patch: one number of the current month's budget; other months are refused", async () => {
      const r = await manager.json(`/api/budget/${current}/`, {
        method: "PATCH",
        json: { budget_no_of_deliveries: 6100 },
      });
      assert.equal(r.status, 200);
      assert.equal(r.body.budget_no_of_deliveries, 6100);
      assert.equal(r.body.budget_no_of_routes, 30);
      const old = await manager.json(`/api/budget/${previous}/`, {
        method: "PATCH",
        json: { budget_no_of_deliveries: 6100 },
      });
      assert.deepEqual([old.status, old.body.code], [400, BUDGET.monthClosed]);
      assert.match(old.body.detail, /^Only budgets of the current month/);
      const zero = await manager.json(`/api/budget/${current}/`, {
        method: "PATCH",
        json: { budget_no_of_da: 0 },
      });
      assert.equal(zero.status, 400);
      const other = await manager.json(`/api/budget/${current}/`, { method: "PATCH", json: { month: 1 } });
      assert.equal(other.status, 400, "only the four numbers");
    });

    await t.step("delete: 204, then not found", async () => {
      assert.equal((await manager.fetch(`/api/budget/${previous}/`, { method: "DELETE" })).status, 204);
      assert.equal((await manager.fetch(`/api/budget/${previous}/`, { method: "DELETE" })).status, 404);
    });

    await t.step(
      "add for the current month: any budget up to the current month counts (02 section 5)",
      async () => {
        await app.db.db.delete(budgets).where(eq(budgets.stationId, 2));
        const add = (m: { month: number; year: number }) =>
          manager.json("/api/budget/", { method: "POST", json: { station: 2, ...m, ...numbers } });
        const earlier = stepPeriod("month", stepPeriod("month", last, -1), -1);
        assert.equal((await add(earlier)).status, 201);
        const refused = await add(now);
        assert.deepEqual([refused.status, refused.body.code], [400, BUDGET.earlierBudget]);
        assert.equal(
          refused.body.detail,
          `${refused.body.detail.split(" ")[0]} already has a budget for ${
            formatMonthYear(earlier.month, earlier.year)
          }, which counts for the current month (${formatMonthYear(now.month, now.year)}).`,
        );
        assert.ok(Array.isArray(refused.body.station), "named on the station field");
        // The Add dialog's list: that month and every earlier one.
        const upTo = await manager.json(`/api/budget/?month=${now.month}&year=${now.year}&up_to=1&station=2`);
        assert.deepEqual(upTo.body.results.map((b: BudgetDto) => [b.month, b.year]), [[
          earlier.month,
          earlier.year,
        ]]);
        const exact = await manager.json(`/api/budget/?month=${now.month}&year=${now.year}&station=2`);
        assert.equal(exact.body.count, 0);
        // Another month: only a budget of that very month counts.
        const next = stepPeriod("month", now, 1);
        assert.equal((await add(next)).status, 201, "a later month is free");
        assert.equal((await add(last)).status, 201, "an earlier month without its own budget is free");
        await app.db.db.delete(budgets).where(eq(budgets.stationId, 2));
        assert.equal((await add(now)).status, 201, "without earlier budgets the current month is free");
      },
    );
  },
});
