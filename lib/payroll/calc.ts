// Payroll's pure rules (02 "Payroll", section 6 schedule roles): the hours of a schedule entry, pay in
// integer cents, the period a query names and the export's file name. Pure: the page and the server both
// call it, so the table and the xlsx cannot disagree.
//
// Rounding rule (the one rule, docs/decisions.md): hours are kept in integer hundredths of an hour (the
// schedule stores role_hours with two decimals); pay of a row = hundredths x cents-per-hour / 100,
// rounded half up to the cent; totals are sums of the rounded rows, never recomputed from summed hours.
import { SCHEDULE_ROLES } from "../schedule/roles.ts";
import { entryHours as scheduleHours } from "../schedule/calc.ts";
import { addDays, dayOfWeek, isIsoDate, type IsoDate, isoDate } from "../dates/calendar.ts";
import { weekOf, weeksInYear, weekStart } from "../dates/weeks.ts";

/**
 * The Role select's choices (schedule roles, by id; "all" is the page's own option). A function, not a
 * module-level constant: the server bundle may evaluate this module before the roles table.
 */
export function roleOptions(): { id: number; name: string }[] {
  return SCHEDULE_ROLES.map((r) => ({ id: r.id, name: r.name }));
}

/** "7.5" / "7.50" / 7.5 -> 750 hundredths; anything unreadable or negative is 0. */
export function toHundredths(hours: string | number | null | undefined): number {
  if (hours === null || hours === undefined || hours === "") return 0;
  const m = /^(\d+)(?:\.(\d{1,2})\d*)?$/.exec(String(hours).trim());
  if (!m) return 0;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** 750 -> "7.50" (no floating point on the way). */
export function hoursText(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

export interface EntryHoursInput {
  role: number | null;
  /** role_hours as stored (numeric text). */
  roleHours: string | number | null;
}

const stored = (h: string | number | null) => (h === null || h === "" ? null : toHundredths(h) / 100);

/**
 * Hours of one schedule entry in hundredths, by the schedule's own rule (lib/schedule/calc.ts, the one copy):
 * fixed roles take their base hours; flexible roles the hours stored for the day; a helper (13) the hours of
 * the person helped that day (`helped`), 0 when that person has no entry.
 */
export function entryHours(entry: EntryHoursInput, helped?: EntryHoursInput | null): number {
  const helpedHours = helped ? scheduleHours(helped.role, stored(helped.roleHours)) : null;
  return Math.round(scheduleHours(entry.role, stored(entry.roleHours), helpedHours) * 100);
}

/** Pay in cents for hours (hundredths) at a rate (cents per hour): half up to the cent. Null rate: null. */
export function payCents(hundredths: number, rateCents: number | null | undefined): number | null {
  if (rateCents === null || rateCents === undefined) return null;
  return Math.floor((hundredths * rateCents + 50) / 100);
}

// ------------------------------------------------------------------ periods

export type PeriodKind = "week" | "two_week" | "month";

export type Period =
  | { kind: "week"; year: number; /** zero-based, as the API sends it */ week: number }
  | { kind: "two_week"; dateFrom: IsoDate; dateTo: IsoDate }
  | { kind: "month"; year: number; month: number };

export interface ResolvedPeriod {
  from: IsoDate;
  to: IsoDate;
  /** The file-name part: 'Week21-2026', 'Week21-2026Week22-2026' or 'M5-2026'. */
  label: string;
}

const weekLabel = (d: IsoDate) => {
  const w = weekOf(d);
  return `Week${w.week}-${w.year}`;
};

/** Why a period cannot be read, or null. Two weeks: a Sunday and the Saturday 13 days later. */
export function periodProblem(p: Period): string | null {
  if (p.kind === "week") {
    if (p.week < 0 || p.week >= weeksInYear(p.year)) return `week must be 0 to ${weeksInYear(p.year) - 1}`;
    return null;
  }
  if (p.kind === "month") return p.month >= 1 && p.month <= 12 ? null : "month must be 1 to 12";
  if (!isIsoDate(p.dateFrom) || !isIsoDate(p.dateTo)) return "date_from and date_to must be YYYY-MM-DD";
  if (dayOfWeek(p.dateFrom) !== 0) return "date_from must be a Sunday (weeks run Sunday to Saturday)";
  if (addDays(p.dateFrom, 13) !== p.dateTo) return "date_to must be the Saturday of the week after date_from";
  return null;
}

/** The dates a period covers and its label. Call periodProblem first. */
export function resolvePeriod(p: Period): ResolvedPeriod {
  if (p.kind === "week") {
    const from = weekStart(p.year, p.week + 1);
    return { from, to: addDays(from, 6), label: `Week${p.week + 1}-${p.year}` };
  }
  if (p.kind === "two_week") {
    return { from: p.dateFrom, to: p.dateTo, label: weekLabel(p.dateFrom) + weekLabel(p.dateTo) };
  }
  const from = isoDate(p.year, p.month, 1);
  const next = p.month === 12 ? isoDate(p.year + 1, 1, 1) : isoDate(p.year, p.month + 1, 1);
  return { from, to: addDays(next, -1), label: `M${p.month}-${p.year}` };
}

/** 'Payroll' + station tag (or 'All') + the period label + '.xlsx' (02 section 2, concatenated as written). */
export function exportFileName(stationTag: string | null, p: Period): string {
  return `Payroll${stationTag ?? "All"}${resolvePeriod(p).label}.xlsx`;
}
