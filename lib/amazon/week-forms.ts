// The forms Amazon writes a week in, across file generations: `2026-W44`, `2026-44`, `W44 2026`,
// `Week 44 - 2026`, `Week44_2026`, and year-less `Week 44` / `W44` / `44`. A year-less week takes its year
// from the file name's week when the name has one, else from the import's context: the latest week of that
// number that started on or before the day of the import (files arrive after their week; docs/decisions.md
// "Imports that survive Amazon's changes"). Pure; never throws.
import { addDays } from "../dates/calendar.ts";
import { isValidWeek, type WeekRef, weekStart } from "../dates/weeks.ts";

/** A week as written: its year is null when the cell or name did not give one. */
export interface WeekForm {
  year: number | null;
  week: number;
}

const WITH_YEAR: [RegExp, "yw" | "wy"][] = [
  [/^(\d{4})\s*[-_/ ]?\s*W(?:ee)?k?\s*[-_.]?\s*(\d{1,2})$/i, "yw"], // 2026-W44, 2026W44, 2026 Week 44
  [/^(\d{4})\s*[-_/]\s*(\d{1,2})$/, "yw"], // 2026-44, 2026/44
  [/^W(?:ee)?k?\s*[-_.]?\s*(\d{1,2})\s*(?:[-_/,]\s*|\s+)(\d{4})$/i, "wy"], // W44 2026, Week 44 - 2026, Week44_2026
];
const YEARLESS = /^(?:W(?:ee)?k?\s*[-_.]?\s*)?(\d{1,2})$/i; // Week 44, Wk 44, W44, 44

/** A week cell or label in any of the forms above, or null. Week 0, 54+ and week 53 of a 52-week year are null. */
export function readWeekForm(s: string): WeekForm | null {
  const t = String(s ?? "").trim();
  for (const [re, order] of WITH_YEAR) {
    const m = re.exec(t);
    if (!m) continue;
    const ref = order === "yw" ? { year: +m[1], week: +m[2] } : { year: +m[2], week: +m[1] };
    return isValidWeek(ref) ? ref : null;
  }
  const m = YEARLESS.exec(t);
  if (m && +m[1] >= 1 && +m[1] <= 53) return { year: null, week: +m[1] };
  return null;
}

/** `2026-W44`, or `W44` for a year-less week (resolved later by withYear). */
export const formText = (f: WeekForm) =>
  `${f.year === null ? "" : `${f.year}-`}W${String(f.week).padStart(2, "0")}`;

/** The latest week numbered `week` that started on or before `today` (YYYY-MM-DD), or null. */
export function latestWeek(week: number, today: string): WeekRef | null {
  const year = +today.slice(0, 4) + 1;
  for (let y = year; y > year - 8; y--) {
    const ref = { year: y, week };
    if (isValidWeek(ref) && weekStart(y, week) <= today) return ref;
  }
  return null;
}

/**
 * A week form with its year settled: its own, else the year of `known` (the file name's week; the week
 * then must be valid in that year), else the latest such week up to `today`. Null when none fits.
 */
export function withYear(f: WeekForm, known: WeekRef | null, today: string): WeekRef | null {
  if (f.year !== null) return { year: f.year, week: f.week };
  if (known) {
    const ref = { year: known.year, week: f.week };
    return isValidWeek(ref) ? ref : null;
  }
  return latestWeek(f.week, today);
}

/** Today (UTC) as YYYY-MM-DD, a day ahead so a file for the running week still counts as 'started'. */
export const importDay = (now = new Date()) => addDays(now.toISOString().slice(0, 10), 1);
