// A trend page's choice (01 "Trend pages"): the slug names the figure; the period type (day, week, month),
// the year and a From/To range (dates for days, shown week numbers for weeks, months 1-12) live in the URL.
// Pure: the page, the island and the tests share it.
import { z } from "zod";
import { addDays, isIsoDate, type IsoDate } from "../dates/calendar.ts";
import { weekOf, weeksInYear } from "../dates/weeks.ts";
import type { TrendItemDto } from "./dto.ts";
import type { TrendType } from "./inputs.ts";

export const TREND_SLUGS = ["routes", "deliveries", "returns", "missing"] as const;
export type TrendSlug = (typeof TREND_SLUGS)[number];

export const TREND_TITLES: Record<TrendSlug, string> = {
  routes: "Routes Trends",
  deliveries: "Deliveries Trends",
  returns: "Returns Trends",
  missing: "Missing Trends",
};

export interface TrendPick {
  type: TrendType;
  year: number;
  /** Days: 'YYYY-MM-DD'; weeks: shown week (1-based) as text; months: 1-12 as text. */
  from: string;
  to: string;
}

export const trendPageQuery = z.object({
  type: z.enum(["day", "week", "month"]).catch("month"),
  year: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
  from: z.string().max(10).optional().catch(undefined),
  to: z.string().max(10).optional().catch(undefined),
});

/** The default range of a type: this year's months or weeks up to now; the last 14 days up to yesterday. */
export function defaultTrendPick(
  type: TrendType,
  today: IsoDate,
  year = Number(today.slice(0, 4)),
): TrendPick {
  const current = year === Number(today.slice(0, 4));
  if (type === "day") {
    return { type, year: Number(today.slice(0, 4)), from: addDays(today, -14), to: addDays(today, -1) };
  }
  if (type === "week") {
    const last = current ? weekOf(today).week : weeksInYear(year);
    return { type, year, from: "1", to: String(last) };
  }
  return { type, year, from: "1", to: String(current ? Number(today.slice(5, 7)) : 12) };
}

/** The URL's pick when it holds together, else the type's default. */
export function trendPickOf(raw: Record<string, string>, today: IsoDate): TrendPick {
  const q = trendPageQuery.parse(raw);
  const base = defaultTrendPick(q.type, today, q.year);
  const pick = { ...base, from: q.from ?? base.from, to: q.to ?? base.to };
  return validTrendPick(pick) ? pick : base;
}

export function validTrendPick(p: TrendPick): boolean {
  if (p.type === "day") {
    return isIsoDate(p.from) && isIsoDate(p.to) && p.from <= p.to &&
      Date.parse(p.to) - Date.parse(p.from) <= 400 * 864e5;
  }
  const [a, b] = [Number(p.from), Number(p.to)];
  const max = p.type === "week" ? weeksInYear(p.year) : 12;
  return Number.isInteger(a) && Number.isInteger(b) && a >= 1 && a <= b && b <= max;
}

/** The statistic's query for a pick (weeks zero-based, as the API counts). */
export function trendParams(p: TrendPick): Record<string, string> {
  if (p.type === "day") return { type: "day", start_date: p.from, end_date: p.to };
  if (p.type === "week") {
    return { type: "week", year: String(p.year), week_range: `${Number(p.from) - 1}_${Number(p.to) - 1}` };
  }
  return { type: "month", year: String(p.year), month_range: `${p.from}_${p.to}` };
}

/** The chart's series for a slug: Plan and Actual where a plan exists (routes, deliveries). */
export function trendSeries(slug: TrendSlug, items: TrendItemDto[]): { label: string; data: number[] }[] {
  switch (slug) {
    case "routes":
      return [{ label: "Plan", data: items.map((i) => i.route_plan) }, {
        label: "Actual",
        data: items.map((i) => i.routes),
      }];
    case "deliveries":
      return [{ label: "Plan", data: items.map((i) => i.delivery_plan) }, {
        label: "Actual",
        data: items.map((i) => i.deliveries),
      }];
    case "returns":
      return [{ label: "Actual", data: items.map((i) => i.returns) }];
    default:
      return [{ label: "Actual", data: items.map((i) => i.missing) }];
  }
}
