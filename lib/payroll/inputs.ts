// Payroll's query (02 section 7 "GET api/schedule/get_payroll_reports"), shared by the API, the xlsx
// endpoint, the page and the CLI. The period comes as the spec sends it: week (zero-based) + year, or
// date_from + date_to (two consecutive weeks), or month + year; `period` names the kind and is optional
// (inferred from the fields present). Filters are ours for the export; the page filters its loaded rows.
//
// Role filter encoding: the spec's "Role select (default 0 = all)" clashes with schedule role 0 (Standard),
// so "all" means every role and a number means that schedule role (docs/decisions.md).
import { z } from "zod";
import { dbIdQuery, queryInt, text } from "../inputs/fields.ts";
import type { Period, PeriodKind } from "./calc.ts";
import { periodProblem } from "./calc.ts";
import type { PayrollView } from "./calc-sheet.ts";

export const PERIOD_KINDS: readonly PeriodKind[] = ["week", "two_week", "month"];
/** 02 section 2: the Status select offers All, 1 (Active) and 5 (Off Boarded); default 1. */
export const PAYROLL_STATUSES = [1, 5] as const;
export const DEFAULT_STATUS = 1;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD");
const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const periodFields = {
  period: z.enum(PERIOD_KINDS as [PeriodKind, ...PeriodKind[]]).optional()
    .describe("week, two_week or month; inferred from the other fields when absent"),
  week: queryInt(0, 52, "A week from 0 to 52 (zero-based: week 1 is 0)").optional()
    .describe("Zero-based week number (shown week minus 1), with year"),
  year: queryInt(2000, 2100, "A year from 2000 to 2100").optional(),
  month: queryInt(1, 12, "A month from 1 to 12").optional(),
  date_from: isoDay.optional().describe("Two weeks: the first Sunday"),
  date_to: isoDay.optional().describe("Two weeks: the Saturday 13 days later"),
  is_active_offboarded: bool.optional()
    .describe("true (the spec's client always sends it): only users whose status is 1 or 5"),
};

/** The period named by the parsed fields, or a zod issue. */
function toPeriod(
  q: {
    period?: PeriodKind;
    week?: number;
    year?: number;
    month?: number;
    date_from?: string;
    date_to?: string;
  },
  ctx: z.RefinementCtx,
): Period {
  const kind = q.period ?? (q.date_from || q.date_to ? "two_week" : q.month !== undefined ? "month" : "week");
  const fail = (path: string, message: string) => {
    ctx.addIssue({ code: "custom", path: [path], message });
    return z.NEVER;
  };
  let p: Period;
  if (kind === "two_week") {
    if (!q.date_from || !q.date_to) {
      return fail("date_from", "date_from and date_to are required for two weeks");
    }
    p = { kind, dateFrom: q.date_from, dateTo: q.date_to };
  } else {
    if (q.year === undefined) return fail("year", "year is required");
    if (kind === "month") {
      if (q.month === undefined) return fail("month", "month is required for a month");
      p = { kind, year: q.year, month: q.month };
    } else {
      if (q.week === undefined) return fail("week", "week is required for a week");
      p = { kind, year: q.year, week: q.week };
    }
  }
  const problem = periodProblem(p);
  return problem ? fail(kind === "two_week" ? "date_from" : kind === "month" ? "month" : "week", problem) : p;
}

/** GET api/schedule/get_payroll_reports: the period; every row of it at the viewer's stations. */
export const payrollQuery = z.object(periodFields);
export const parsePayrollQuery = (raw: Record<string, string>) =>
  payrollQuery.transform((q, ctx) => ({
    period: toPeriod(q, ctx),
    activeOffboarded: q.is_active_offboarded ?? true,
  }))
    .parse(raw);

const roleFilter = z.union([z.literal("all"), queryInt(0, 17, "A schedule role from 0 to 17, or all")]);
const statusFilter = z.union([
  z.literal("all"),
  queryInt(1, 5, "1, 5 or all").refine((n) => n === 1 || n === 5, "1, 5 or all"),
]);

/** The page's filters (and the export's 'Download Table'). */
export const payrollFilterFields = {
  user: dbIdQuery("A user id").optional(),
  station: text().max(20).optional().describe("A station id or tag, or All (the default)"),
  role: roleFilter.optional().describe("all (default) or a SCHEDULE role id 0-17 (0 is Standard)"),
  status: statusFilter.optional().describe("all, 1 or 5 (default 1)"),
};

export interface PayrollFilters {
  user: number | null;
  /** null = All; else an id or a tag still to be resolved against the viewer's stations. */
  station: string | null;
  role: number | "all";
  status: number | "all";
}

export const exportQuery = z.object({
  ...periodFields,
  ...payrollFilterFields,
  kind: z.enum(["table", "all"]).optional().describe("table (default): the filtered rows; all: every row"),
  view: z.enum(["total", "da"]).optional().describe("total (default): one row per DA; da: each DA's rows"),
});

export interface ExportRequest {
  period: Period;
  activeOffboarded: boolean;
  filters: PayrollFilters;
  kind: "table" | "all";
  view: PayrollView;
}

export function parseExportQuery(raw: Record<string, string>): ExportRequest {
  return exportQuery.transform((q, ctx): ExportRequest => ({
    period: toPeriod(q, ctx),
    activeOffboarded: q.is_active_offboarded ?? true,
    filters: {
      user: q.user ?? null,
      station: !q.station || q.station.toLowerCase() === "all" ? null : q.station,
      role: q.role ?? "all",
      status: q.status ?? DEFAULT_STATUS,
    },
    kind: q.kind ?? "table",
    view: q.view ?? "total",
  })).parse(raw);
}
