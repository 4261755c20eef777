// The refusals of the budgets list (codes `budget.*`) with the words a person reads: one budget per
// station and month, and numbers that change only in the budget's own month (policy.ts says why).
import { DomainError } from "../errors.ts";

export const BUDGET = {
  duplicate: "budget.duplicate",
  nothingToChange: "budget.nothing_to_change",
  monthClosed: "budget.month_closed",
  earlierBudget: "budget.earlier_budget",
} as const;

/** `station` is the station's tag (or 'Station 7'), `month` the month as the screen names it. */
export const duplicateBudget = (station: string, month: string) =>
  new DomainError(BUDGET.duplicate, "invalid", `${station} already has a budget for ${month}.`, {
    field: "station",
  });

/** 02 section 5: for the current month, a budget of an earlier month counts as the station's budget. */
export const earlierBudget = (station: string, found: string, current: string) =>
  new DomainError(
    BUDGET.earlierBudget,
    "invalid",
    `${station} already has a budget for ${found}, which counts for the current month (${current}).`,
    { field: "station" },
  );

export const nothingToChange = () =>
  new DomainError(
    BUDGET.nothingToChange,
    "invalid",
    "Send one of budget_no_of_routes, budget_no_of_deliveries, budget_no_of_da, budget_no_of_fleet.",
  );

/** `why` from policy.ts `budgetEditRefusal`. */
export const monthClosed = (why: string) => new DomainError(BUDGET.monthClosed, "invalid", why);
