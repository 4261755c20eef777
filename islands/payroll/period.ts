// The payroll page's period and filter state, and the query strings it sends (GET get_payroll_reports and
// the xlsx endpoint). Weeks are zero-based here, as the API takes them.
import { addDays } from "../../lib/dates/calendar.ts";
import { weekStart } from "../../lib/dates/weeks.ts";
import type { PeriodKind } from "../../lib/payroll/calc.ts";
import type { PayrollView } from "../../lib/payroll/calc-sheet.ts";

export interface StoredWeek {
  year: number;
  week: number;
}

export interface PeriodState {
  kind: PeriodKind;
  week: StoredWeek;
  /** The first of the two weeks. */
  range: StoredWeek;
  month: { year: number; month: number };
}

export interface FilterState {
  user: number | null;
  station: number | "all";
  role: number | "all";
  status: number | "all";
}

export const DEFAULT_FILTERS: FilterState = { user: null, station: "all", role: "all", status: 1 };

export function periodParams(p: PeriodState): URLSearchParams {
  const q = new URLSearchParams({ period: p.kind });
  if (p.kind === "week") {
    q.set("week", String(p.week.week));
    q.set("year", String(p.week.year));
  } else if (p.kind === "two_week") {
    const from = weekStart(p.range.year, p.range.week + 1);
    q.set("date_from", from);
    q.set("date_to", addDays(from, 13));
  } else {
    q.set("month", String(p.month.month));
    q.set("year", String(p.month.year));
  }
  q.set("is_active_offboarded", "true");
  return q;
}

export function exportHref(p: PeriodState, f: FilterState, kind: "table" | "all", view: PayrollView): string {
  const q = periodParams(p);
  if (f.user !== null) q.set("user", String(f.user));
  q.set("station", f.station === "all" ? "All" : String(f.station));
  q.set("role", String(f.role));
  q.set("status", String(f.status));
  q.set("kind", kind);
  q.set("view", view);
  return `/api/payroll/export/?${q}`;
}
