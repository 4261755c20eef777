// Reads of the budgets list (02 section 7 "Budgets"), scoped to the viewer's stations inside the SQL.
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { budgets } from "./schema.ts";
import { stations } from "../org/schema.ts";
import type { Viewer } from "../users/current-user.ts";
import type { Paged } from "../paging/query.ts";
import { foreignStation } from "../shifts/errors.ts";
import { getTimeZone } from "../settings/queries.ts";
import { todayIn } from "../dates/periods.ts";
import { type BudgetDto, budgetDto, type BudgetRow } from "./dto.ts";
import type { BudgetListQuery } from "./inputs.ts";
import { isBudgetEditable, isCurrentMonth, monthIndex, type MonthOf, monthOfDay } from "./policy.ts";

export type BudgetViewer = Pick<Viewer, "id" | "stationIds">;

export const budgetScope = (stationIds: number[]) =>
  inArray(budgets.stationId, stationIds.length ? stationIds : [-1]);

const COLUMNS = {
  id: budgets.id,
  stationId: budgets.stationId,
  stationTitle: stations.title,
  stationTag: stations.tag,
  month: budgets.month,
  year: budgets.year,
  routes: budgets.routes,
  deliveries: budgets.deliveries,
  das: budgets.das,
  fleet: budgets.fleet,
};

export async function budgetToday(db: Queryable): Promise<string> {
  return todayIn(await getTimeZone(db));
}

export function selectBudgets(db: Queryable, where: SQL | undefined) {
  return db.select(COLUMNS).from(budgets).innerJoin(stations, eq(stations.id, budgets.stationId)).where(
    where,
  );
}

/** GET api/budget/: newest first (-id, so a budget just added leads the list as it does on screen). */
export async function listBudgets(
  db: Queryable,
  viewer: BudgetViewer,
  q: BudgetListQuery,
): Promise<Paged<BudgetDto>> {
  if (q.station !== undefined && !viewer.stationIds.includes(q.station)) throw foreignStation(q.station);
  const where = and(
    budgetScope(viewer.stationIds),
    q.station ? eq(budgets.stationId, q.station) : undefined,
    ...(q.up_to && q.month && q.year ? [upToMonth({ month: q.month, year: q.year })] : [
      q.month ? eq(budgets.month, q.month) : undefined,
      q.year ? eq(budgets.year, q.year) : undefined,
    ]),
  );
  const [[{ count }], rows, today] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int` }).from(budgets).where(where),
    selectBudgets(db, where).orderBy(desc(budgets.id)).limit(q.page_size).offset((q.page - 1) * q.page_size),
    budgetToday(db),
  ]);
  return {
    count: Number(count),
    results: rows.map((r: BudgetRow) => budgetDto(r, isBudgetEditable(r, today))),
  };
}

/** Budgets of that month or earlier. */
export const upToMonth = (m: MonthOf) =>
  sql`(${budgets.year} * 12 + ${budgets.month} - 1) <= ${monthIndex(m)}`;

/**
 * The latest budget of the station that keeps it from a new one for `chosen` (policy.ts budgetCountsFor):
 * for the current month any budget up to it, else one of that month. Null when there is none.
 */
export async function countingBudget(
  db: Queryable,
  stationId: number,
  chosen: MonthOf,
  today: string,
): Promise<MonthOf | null> {
  const month = isCurrentMonth(chosen, monthOfDay(today))
    ? upToMonth(chosen)
    : and(eq(budgets.month, chosen.month), eq(budgets.year, chosen.year));
  const [b] = await db.select({ month: budgets.month, year: budgets.year }).from(budgets)
    .where(and(eq(budgets.stationId, stationId), month))
    .orderBy(desc(budgets.year), desc(budgets.month)).limit(1);
  return b ?? null;
}

/** One budget within the viewer's stations, or null. */
export async function budgetById(
  db: Queryable,
  viewer: BudgetViewer,
  id: number,
  today: string,
): Promise<BudgetDto | null> {
  const [row] = await selectBudgets(db, and(eq(budgets.id, id), budgetScope(viewer.stationIds)));
  return row ? budgetDto(row, isBudgetEditable(row, today)) : null;
}
