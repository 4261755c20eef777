// Inputs of the budgets list (02 section 7 "Budgets"). The create and patch bodies are budgetInput and
// budgetPatchInput of lib/shifts/inputs.ts (the board's shared inputs). Pure zod: the budgets island loads it.
import { z } from "zod";
import { pagingQuery } from "../paging/query.ts";
import { dbIdQuery } from "../inputs/fields.ts";
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** GET api/budget/: page, page_size; month + year narrow it to one month (the Add dialog's taken stations). */
export const budgetListQuery = pagingQuery.extend({
  month: z.preprocess(blank, z.coerce.number().int().min(1, "Use 1 to 12").max(12, "Use 1 to 12").optional()),
  year: z.preprocess(blank, z.coerce.number().int().min(2000, "Not valid").max(2100, "Not valid").optional()),
  station: z.preprocess(blank, dbIdQuery("Not a station id").optional()),
  /** With month and year: that month and every earlier one (the Add dialog's current-month rule). */
  up_to: z.preprocess(blank, z.enum(["0", "1", "true", "false"], { error: "Use 1 or 0" }).optional())
    .transform((v) => v === "1" || v === "true"),
});
export type BudgetListQuery = z.infer<typeof budgetListQuery>;

/** The four numbers of a budget, as the API names them, with their column labels. */
export const BUDGET_NUMBERS = [
  { key: "budget_no_of_routes", label: "Routes" },
  { key: "budget_no_of_deliveries", label: "Deliveries" },
  { key: "budget_no_of_da", label: "DA" },
  { key: "budget_no_of_fleet", label: "Fleet" },
] as const;
export type BudgetNumberKey = (typeof BUDGET_NUMBERS)[number]["key"];
