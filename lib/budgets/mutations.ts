// Writes of the budgets list (02 sections 5 "Add budget" and 7 "Budgets"), each one statement or transaction:
// one budget per station and month; the four numbers change only in the budget's own month.
import type { z } from "zod";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { budgets } from "./schema.ts";
import { stations } from "../org/schema.ts";
import type { budgetInput, budgetPatchInput } from "../shifts/inputs.ts";
import { notFound } from "../errors.ts";
import { foreignStation } from "../shifts/errors.ts";
import { duplicateBudget, earlierBudget, monthClosed, nothingToChange } from "./errors.ts";
import { formatMonthYear } from "../dates/format.ts";
import type { BudgetDto } from "./dto.ts";
import { budgetById, budgetScope, budgetToday, type BudgetViewer, countingBudget } from "./queries.ts";
import { budgetEditRefusal } from "./policy.ts";

/**
 * POST api/budget/: refused for another station (403) or a station that has a budget that counts for
 * that month (400; policy.ts budgetCountsFor: for the current month, any budget up to it). Adds for one
 * station take turns, so two at once cannot both pass the check.
 */
export async function createBudget(
  db: Db,
  viewer: BudgetViewer,
  input: z.infer<typeof budgetInput>,
): Promise<BudgetDto> {
  if (!viewer.stationIds.includes(input.station)) throw foreignStation(input.station);
  return await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`budget-add:${input.station}`}))`);
    const today = await budgetToday(tx);
    const found = await countingBudget(tx, input.station, input, today);
    if (found && (found.month !== input.month || found.year !== input.year)) {
      const [s] = await tx.select({ tag: stations.tag }).from(stations).where(eq(stations.id, input.station));
      throw earlierBudget(
        s?.tag ?? `Station ${input.station}`,
        formatMonthYear(found.month, found.year),
        formatMonthYear(input.month, input.year),
      );
    }
    const [created] = await tx.insert(budgets).values({
      stationId: input.station,
      month: input.month,
      year: input.year,
      routes: input.budget_no_of_routes,
      deliveries: input.budget_no_of_deliveries,
      das: input.budget_no_of_da,
      fleet: input.budget_no_of_fleet,
      createdById: viewer.id,
    }).onConflictDoNothing({ target: [budgets.stationId, budgets.year, budgets.month] }).returning({
      id: budgets.id,
    });
    if (!created) {
      const [s] = await tx.select({ tag: stations.tag }).from(stations).where(eq(stations.id, input.station));
      throw duplicateBudget(s?.tag ?? `Station ${input.station}`, formatMonthYear(input.month, input.year));
    }
    return (await budgetById(tx, viewer, created.id, today))!;
  });
}

/** PATCH api/budget/{id}/: one or more of the four numbers, only while the budget's month is current. */
export async function patchBudget(
  db: Db,
  viewer: BudgetViewer,
  id: number,
  input: z.infer<typeof budgetPatchInput>,
): Promise<BudgetDto> {
  const set = {
    routes: input.budget_no_of_routes,
    deliveries: input.budget_no_of_deliveries,
    das: input.budget_no_of_da,
    fleet: input.budget_no_of_fleet,
  };
  if (Object.values(set).every((v) => v === undefined)) throw nothingToChange();
  return await db.transaction(async (tx) => {
    const [row] = await tx.select({ month: budgets.month, year: budgets.year }).from(budgets)
      .where(and(eq(budgets.id, id), budgetScope(viewer.stationIds))).for("update");
    if (!row) throw notFound();
    const today = await budgetToday(tx);
    const refusal = budgetEditRefusal(row, today);
    if (refusal) throw monthClosed(refusal);
    await tx.update(budgets).set(set).where(eq(budgets.id, id));
    return (await budgetById(tx, viewer, id, today))!;
  });
}

/** DELETE api/budget/{id}/: any month; another station's budget is "Not found.". */
export async function deleteBudget(db: Db, viewer: BudgetViewer, id: number): Promise<void> {
  const gone = await db.delete(budgets).where(and(eq(budgets.id, id), budgetScope(viewer.stationIds)))
    .returning({ id: budgets.id });
  if (!gone.length) throw notFound();
}
