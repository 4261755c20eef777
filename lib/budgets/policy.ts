// Budget rules (02 sections 4 "Board and budget" and 5 "Add budget"), pure so the screen shows what the
// server enforces: one budget per station and month; the four numbers change only in the budget's own month.
import { formatMonthYear } from "../dates/format.ts";

export interface MonthOf {
  month: number;
  year: number;
}

/** The month `today` ('YYYY-MM-DD', in the organisation's zone) falls in. */
export function monthOfDay(today: string): MonthOf {
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/** A budget's numbers are editable only while its month is the current month. */
export function isBudgetEditable(b: MonthOf, today: string): boolean {
  const now = monthOfDay(today);
  return b.month === now.month && b.year === now.year;
}

/** Why a change to this budget is refused, or null when it may change. */
export function budgetEditRefusal(b: MonthOf, today: string): string | null {
  if (isBudgetEditable(b, today)) return null;
  const now = monthOfDay(today);
  return `Only budgets of the current month (${formatMonthYear(now.month, now.year)}) can be changed; ` +
    `this one is for ${formatMonthYear(b.month, b.year)}.`;
}

/** Months as one comparable number (year * 12 + month - 1), for SQL and for the rule below. */
export const monthIndex = (m: MonthOf) => m.year * 12 + (m.month - 1);

export const isCurrentMonth = (m: MonthOf, current: MonthOf) => monthIndex(m) === monthIndex(current);

/**
 * Whether an existing budget keeps a station from a new budget for `chosen` (02 section 5 "Add budget":
 * "Stations that already have a budget for that month are disabled (for the current month, any budget up
 * to the current month counts)"): for the current month, any budget of that month or earlier; for any
 * other month, a budget of that very month. `current` is monthOfDay(today).
 */
export function budgetCountsFor(b: MonthOf, chosen: MonthOf, current: MonthOf): boolean {
  if (!isCurrentMonth(chosen, current)) return monthIndex(b) === monthIndex(chosen);
  return monthIndex(b) <= monthIndex(current);
}

/** The stations the Add dialog disables for a month: those whose budgets count for it (above). */
export function takenStations(
  budgets: ({ station: { id: number } } & MonthOf)[],
  month: MonthOf,
  current: MonthOf,
): Set<number> {
  return new Set(budgets.filter((b) => budgetCountsFor(b, month, current)).map((b) => b.station.id));
}

/** 'YYYY-MM' (an <input type="month"> value) -> month and year; null when it is not one. */
export function parseMonthInput(value: string): MonthOf | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
}

export function monthInputValue(m: MonthOf): string {
  return `${m.year}-${String(m.month).padStart(2, "0")}`;
}
