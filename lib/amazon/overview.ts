// Weekly overview CSV (amazon-files.md 2): `DSP_Overview_Dashboard_<DSP>_<STN>_<YYYY>-W<WW>.csv`, one row
// per DA with the overall standing (Platinum/Gold/Silver/Bronze, or Fantastic/Great/Fair/Poor in older
// files), each metric with its tier and score, packages delivered and the weight applied to each metric.
import type { Column } from "./sheet.ts";
import type { ParseResult } from "./types.ts";
import { decimal, int, percent, type Read, text, type Tier, tier, transporterId } from "./values.ts";
import { type ParseOptions, parseWeeklyCsv, weekCell } from "./weekly.ts";

/** The metrics of the overview, by snake-case key: their value column, tier/score columns and weight column. */
export const OVERVIEW_METRICS = [
  { key: "fico", value: "FICO Metric", tier: "FICO Tier", score: "FICO Score", kind: "int" },
  { key: "speeding_event_rate", value: "Speeding Event Rate (per trip)", kind: "rate" },
  { key: "seatbelt_off_rate", value: "Seatbelt-Off Rate (per trip)", kind: "rate" },
  { key: "distractions_rate", value: "Distractions Rate (per trip)", kind: "rate" },
  { key: "sign_signal_violations_rate", value: "Sign/ Signal Violations Rate (per trip)", kind: "rate" },
  { key: "following_distance_rate", value: "Following Distance Rate (per trip)", kind: "rate" },
  { key: "cdf_dpmo", value: "CDF DPMO", kind: "int" },
  { key: "ced", value: "CED", kind: "int" },
  { key: "dcr", value: "DCR", kind: "percent" },
  {
    key: "dsb_dpmo",
    value: "DSB",
    alias: "DSB DPMO",
    tier: "DSB DPMO Tier",
    score: "DSB DPMO Score",
    kind: "int",
  },
  { key: "pod", value: "POD", kind: "percent" },
  { key: "psb", value: "PSB", kind: "percent", optional: true },
] as const;

export type OverviewMetric = (typeof OVERVIEW_METRICS)[number]["key"];

type MetricFields =
  & {
    [K in Exclude<OverviewMetric, "fico">]: number | null;
  }
  & {
    [K in `${OverviewMetric}_tier`]: Tier | null;
  }
  & {
    [K in `${OverviewMetric}_score`]: number | null;
  };

export interface OverviewRow extends MetricFields {
  /** the source row (header = 1) */
  row: number;
  /** `2026-W21` */
  week: string;
  da_name: string | null;
  transporter_id: string;
  overall_standing: Tier | null;
  overall_score: number | null;
  fico_metric: number | null;
  packages_delivered: number | null;
  /** "<metric> Weight Applied" by metric key; null where the file has no weight */
  weights: Record<OverviewMetric, number | null>;
}

const rate = (v: unknown) => decimal(v, 1);
const score = (v: unknown) => decimal(v, 2, { max: 100 });
const weight = (v: unknown): Read<number | null> => {
  const s = String(v ?? "").trim();
  return s.endsWith("%") ? percent(s) : decimal(v, 4, { max: 100 });
};
const readers = { int: (v: unknown) => int(v), rate, percent: (v: unknown) => percent(v) };

/** The columns, in the order of the file. Tier, score, weight and PSB columns may be absent (older files). */
export const OVERVIEW_COLUMNS: Column[] = [
  { key: "week", headers: ["Week"], read: weekCell },
  { key: "da_name", headers: ["Delivery Associate", "DA", "Delivery Associate Name"], read: text },
  {
    key: "transporter_id",
    headers: ["Transporter ID", "TID", "TransporterId"],
    read: transporterId,
    isKey: true,
  },
  { key: "overall_standing", headers: ["Overall Standing", "Overall Tier"], read: tier },
  { key: "overall_score", headers: ["Overall Score"], read: score },
  ...OVERVIEW_METRICS.flatMap((m): Column[] => {
    const base = m.key === "fico" ? "FICO" : m.value;
    const valueKey = m.key === "fico" ? "fico_metric" : m.key;
    const opt = "optional" in m && m.optional;
    return [
      {
        key: valueKey,
        headers: "alias" in m ? [m.value, m.alias] : [m.value],
        read: readers[m.kind],
        optional: opt,
      },
      { key: `${m.key}_tier`, headers: ["tier" in m ? m.tier : `${base} Tier`], read: tier, optional: true },
      {
        key: `${m.key}_score`,
        headers: ["score" in m ? m.score : `${base} Score`],
        read: score,
        optional: true,
      },
    ];
  }),
  { key: "packages_delivered", headers: ["Packages Delivered", "Delivered"], read: (v) => int(v) },
  ...OVERVIEW_METRICS.map((m): Column => ({
    key: `weight:${m.key}`,
    headers: [
      `${m.key === "fico" ? "FICO" : m.value} Weight Applied`,
      `${"alias" in m ? m.alias : m.value} Weight Applied`,
    ],
    read: weight,
    optional: true,
  })),
];

/** Parses the overview CSV. Never throws; `ok` is false when anything fatal was found (nothing may be stored). */
export function parseOverview(
  bytes: Uint8Array,
  fileName: string,
  opts: ParseOptions = {},
): ParseResult<OverviewRow> {
  return parseWeeklyCsv<OverviewRow>(
    {
      kind: "overview-csv",
      columns: OVERVIEW_COLUMNS,
      key: "transporter_id",
      rowsAre: "DA rows",
      map: (values, row) => {
        const weights = {} as Record<OverviewMetric, number | null>;
        const out: Record<string, unknown> = { row };
        for (const [k, v] of Object.entries(values)) {
          if (k.startsWith("weight:")) weights[k.slice(7) as OverviewMetric] = v as number | null;
          else out[k] = v;
        }
        out.weights = weights;
        return out as unknown as OverviewRow;
      },
    },
    bytes,
    fileName,
    opts,
  );
}
