import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { budgetPatchInput } from "../../../lib/shifts/inputs.ts";
import { deleteBudget, patchBudget } from "../../../lib/budgets/mutations.ts";

/** One changed number (saved on blur); refused outside the budget's own month. */
export const PATCH = endpoint(
  "budgets.manage",
  async (ctx) =>
    patchBudget(ctx.db, ctx.viewer, idParam(ctx.params.id), await readJson(ctx.request, budgetPatchInput)),
);

export const DELETE = endpoint("budgets.manage", async (ctx) => {
  await deleteBudget(ctx.db, ctx.viewer, idParam(ctx.params.id));
  return new Response(null, { status: 204 });
});
