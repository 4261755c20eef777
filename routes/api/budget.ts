import { endpoint, json, readJson } from "../../lib/web/endpoint.ts";
import { queryParams } from "../../lib/web/params.ts";
import { budgetInput } from "../../lib/shifts/inputs.ts";
import { budgetListQuery } from "../../lib/budgets/inputs.ts";
import { listBudgets } from "../../lib/budgets/queries.ts";
import { createBudget } from "../../lib/budgets/mutations.ts";

/** The budgets of the viewer's stations, newest first; month + year narrow it to one month. */
export const GET = endpoint(
  "budgets.manage",
  async (ctx) => listBudgets(ctx.db, ctx.viewer, budgetListQuery.parse(queryParams(ctx.url))),
);

/** Add budget: one per station and month; 201 with the budget. */
export const POST = endpoint(
  "budgets.manage",
  async (ctx) => json(await createBudget(ctx.db, ctx.viewer, await readJson(ctx.request, budgetInput)), 201),
);
