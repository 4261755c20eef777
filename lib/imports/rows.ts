// The parsers' rows reshaped into the data tables' columns (snake_case, as store.ts feeds them to
// jsonb_to_recordset). The column lists and their SQL types are read from the Drizzle tables (schema.ts),
// so a new column is declared once there and filled by its mapper here. No database.
import { getTableColumns, getTableName } from "drizzle-orm";
import type { ScorecardDaRow, ScorecardResult, WhcExceptionRow } from "../amazon/scorecard-pdf.ts";
import type { OverviewRow } from "../amazon/overview.ts";
import type { DnrRow } from "../amazon/dnr.ts";
import type { ConcessionRow } from "../amazon/concessions.ts";
import type { DcrRow, PodRow, PsbRow } from "../amazon/quality.ts";
import type { ReliabilityDay } from "../amazon/reliability-pdf.ts";
import type { WhcRow } from "../amazon/whc.ts";
import {
  capacityReliabilityDays,
  daWeeklyDsb,
  daWeeklyPerformance,
  daWeeklyQuality,
  deliveryConcessions,
  dspWeeklyScorecards,
  whcExceptions,
} from "./schema.ts";

/** The data tables, in the order an import writes them. */
const TABLES = [
  dspWeeklyScorecards,
  daWeeklyPerformance,
  daWeeklyDsb,
  deliveryConcessions,
  daWeeklyQuality,
  capacityReliabilityDays,
  whcExceptions,
] as const;

export type DataTable = (typeof TABLES)[number]["_"]["name"];
export const DATA_TABLES = TABLES.map((t) => getTableName(t) as DataTable);

/** Columns a data row gets from its import, not from the file. */
const FROM_IMPORT = new Set(["id", "import_id", "station_id"]);

/** Each data table's columns (besides id, import_id and station_id) and their SQL types, in table order. */
export const TABLE_COLUMNS = Object.fromEntries(TABLES.map((t) => [
  getTableName(t),
  Object.fromEntries(
    Object.values(getTableColumns(t)).filter((c) => !FROM_IMPORT.has(c.name)).map((
      c,
    ) => [c.name, c.getSQLType()]),
  ),
])) as Record<DataTable, Record<string, string>>;

/** The tables whose rows carry a transporter id (the unmatched count reads these). */
export const DA_TABLES = DATA_TABLES.filter((t) => "transporter_id" in TABLE_COLUMNS[t]);

export type Row = Record<string, unknown>;
export type TableRows = Partial<Record<DataTable, Row[]>>;

const omit = (o: object, keys: readonly string[]) => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!keys.includes(k)) out[k] = v;
  return out;
};

export function scorecardSummaryRow(r: ScorecardResult, week: string): Row {
  const s = r.summary!;
  return {
    week,
    dsp: s.dsp ?? r.identity.dsp,
    overall_score: s.overallScore,
    overall_tier: s.overallTier,
    rank: s.rank,
    rank_change: s.rankChange,
    metrics: s.metrics.map((m) => ({
      key: m.key,
      name: m.name,
      value: m.value,
      shown: m.shown,
      tier: m.tier,
    })),
    focus_areas: s.focusAreas,
    generation: r.generation,
    layout: r.layout,
  };
}

const SNAKE: Record<string, string> = {
  dnrDpmo: "dnr_dpmo",
  dscDpmo: "dsc_dpmo",
  lorDpmo: "lor_dpmo",
  cdfDpmo: "cdf_dpmo",
};

export function scorecardDaRow(x: ScorecardDaRow, week: string): Row {
  const metrics: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(omit(x, ["page", "row", "transporterId"]))) metrics[SNAKE[k] ?? k] = v;
  return {
    week,
    transporter_id: x.transporterId,
    da_name: null,
    source: "scorecard",
    overall_standing: null,
    overall_score: null,
    packages_delivered: x.delivered,
    metrics,
  };
}

const whcCounts = (x: WhcExceptionRow | WhcRow) => ({
  daily_limit_exceeded: x.dailyLimitExceeded,
  weekly_limit_exceeded: x.weeklyLimitExceeded,
  under_off_work_limit: x.underOffWorkLimit,
  work_day_limit_exceeded: x.workDayLimitExceeded,
  wh_exception: x.whException,
});

export function scorecardWhcRow(x: WhcExceptionRow, week: string): Row {
  return { week, transporter_id: x.transporterId, da_name: null, source: "scorecard", ...whcCounts(x) };
}

export function whcRow(x: WhcRow): Row {
  return { week: x.week, transporter_id: x.transporterId, da_name: x.daName, source: "whc", ...whcCounts(x) };
}

export function overviewRow(x: OverviewRow): Row {
  const metrics: Record<string, unknown> = omit(x, [
    "row",
    "week",
    "da_name",
    "transporter_id",
    "overall_standing",
    "overall_score",
    "packages_delivered",
    "weights",
  ]);
  for (const [k, v] of Object.entries(x.weights ?? {})) metrics[`${k}_weight`] = v;
  return {
    week: x.week,
    transporter_id: x.transporter_id,
    da_name: x.da_name,
    source: "overview",
    overall_standing: x.overall_standing,
    overall_score: x.overall_score,
    packages_delivered: x.packages_delivered,
    metrics,
  };
}

export function dnrRow(x: DnrRow): Row {
  return {
    week: x.week,
    transporter_id: x.transporter_id,
    da_name: x.da,
    dsb_count: x.dsb_count,
    dsb_dpmo: x.dsb_dpmo,
    counts: omit(x, ["row", "week", "da", "transporter_id", "dsb_count", "dsb_dpmo"]),
  };
}

export function concessionRow(x: ConcessionRow, week: string): Row {
  const flags: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(x)) if (typeof v === "boolean" && k !== "impacts_dsb") flags[k] = v;
  return {
    week,
    transporter_id: x.transporter_id,
    da_name: x.delivery_associate_name,
    tracking_id: x.tracking_id,
    // The column is required in the table; a file without 'Impacts DSB' counts as not impacting it.
    impacts_dsb: x.impacts_dsb ?? false,
    delivery_type: x.delivery_type,
    flags,
    pickup_date: x.pickup_date,
    delivery_attempt_date: x.delivery_attempt_date,
    delivery_date: x.delivery_date,
    concession_date: x.concession_date,
    service_area: x.service_area,
    dsp: x.dsp,
  };
}

const quality = (x: DcrRow | PodRow | PsbRow, metric: string, value: number | null, figures: Row): Row => ({
  week: x.week,
  transporter_id: x.transporter_id,
  da_name: x.da,
  metric,
  value,
  figures,
});
const DA_WEEK = ["row", "week", "da", "transporter_id"];

export function dcrRow(x: DcrRow): Row {
  const figures: Row = omit(x, [...DA_WEEK, "dcr", "rts"]);
  for (const [k, v] of Object.entries(x.rts ?? {})) figures[`rts_${k}`] = v;
  return quality(x, "dcr", x.dcr, figures);
}

export const podRow = (x: PodRow) =>
  quality(x, "pod", x.swc_photo_on_delivery, omit(x, [...DA_WEEK, "swc_photo_on_delivery"]));

export const psbRow = (x: PsbRow) => quality(x, "psb", x.psb, omit(x, [...DA_WEEK, "psb"]));

export function reliabilityRow(x: ReliabilityDay): Row {
  return {
    day: x.date,
    capacity_reliability: x.capacityReliability,
    completed_routes: x.completedRoutes,
    amazon_paid_cancels: x.amazonPaidCancels,
    dsp_dropped_routes: x.dspDroppedRoutes,
    reliability_target: x.reliabilityTarget,
    route_target: x.routeTarget,
    flex_up_route_target: x.flexUpRouteTarget,
    final_scheduled: x.finalScheduled,
    dsp_available_capacity: x.dspAvailableCapacity,
  };
}
