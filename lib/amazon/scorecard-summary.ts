/**
 * The scorecard's summary page(s): '<DSP> at <STN>', 'Week 21 - 2026', 'Overall Score: 87.53 | Fantastic',
 * 'Rank at <STN>: 4 (+2 WoW)', 'Recommended Focus Areas' and each metric printed 'value | tier'. The
 * metrics sit in two columns, so a text line may hold two of them: a line is cut at the known metric
 * names, and what follows a name up to the next one is its value. Pure.
 */
import { findWeekLabel, type WeekRef } from "../dates/weeks.ts";
import { STATION_CODE } from "./identify.ts";
import { type PdfPage, toLines } from "./pdf-text.ts";
import type { Problem } from "./types.ts";
import { decimal, type Tier, TIERS } from "./values.ts";

/** The metrics of the summary page, in the order the spec lists them. */
export const SCORECARD_METRICS = [
  { key: "fico", name: "Safe Driving Metric (FICO)" },
  { key: "speedingEventRate", name: "Speeding Event Rate (Per 100 Trips)" },
  { key: "mentorAdoption", name: "Mentor Adoption Rate" },
  { key: "vsa", name: "Vehicle Audit (VSA) Compliance" },
  { key: "boc", name: "Breach of Contract (BOC)" },
  { key: "whc", name: "Working Hours Compliance (WHC)" },
  { key: "cas", name: "Comprehensive Audit Score (CAS)" },
  { key: "customerEscalationDpmo", name: "Customer escalation DPMO" },
  { key: "cdf", name: "Customer Delivery Feedback" },
  { key: "pod", name: "Photo-On-Delivery" },
  { key: "contactCompliance", name: "Contact Compliance" },
  { key: "dcr", name: "Delivery Completion Rate (DCR)" },
  { key: "dnrDpmo", name: "Delivered Not Received (DNR DPMO)" },
  { key: "lorDpmo", name: "Lost on Road (LoR) DPMO" },
  { key: "dscDpmo", name: "Delivery Success Conditions (DSC DPMO)" },
  { key: "capacityReliability", name: "Capacity Reliability" },
  { key: "psb", name: "Pickup Success Behaviours" },
] as const;

export type MetricKey = (typeof SCORECARD_METRICS)[number]["key"];

/** A metric as printed: the number (percent without '%', DPMO, score), and the tier or status word. */
export interface ScorecardMetric {
  key: MetricKey;
  name: string;
  value: number | null;
  /** the value as printed ('99.38%', '850', '-') */
  shown: string;
  tier: Tier | null;
}

export interface ScorecardSummary {
  /** the page holding the week and station */
  page: number;
  dsp: string | null;
  station: string | null;
  week: WeekRef | null;
  overallScore: number | null;
  overallTier: Tier | null;
  rank: number | null;
  /** week-on-week rank change as printed: '+2' -> 2 */
  rankChange: number | null;
  metrics: ScorecardMetric[];
  focusAreas: string[];
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A metric name as a pattern: case, blanks and hyphens loose; 'Behaviours' or 'Behaviors'. */
const NAME_RE = new RegExp(
  SCORECARD_METRICS.map((m) =>
    `(${esc(m.name).replace(/\\-|\s+/g, "[-\\s]*").replace("Behaviours", "Behaviou?rs")})`
  ).join("|"),
  "gi",
);

const TIERS_LONGEST = [...TIERS].sort((a, b) => b.length - a.length);

/** The tier a text starts with ('Fantastic Plus 1. Photo-On-Delivery' -> 'Fantastic Plus'), or null. */
export function tierPrefix(text: string): Tier | null {
  const t = text.trim().replace(/\s+/g, " ").toLowerCase();
  for (const tier of TIERS_LONGEST) {
    const k = tier.toLowerCase();
    if (t === k || t.startsWith(k + " ")) return tier;
  }
  return null;
}

const EMPTY = new Set(["", "-", "–", "—", "n/a"]);

/** 'value | tier', a lone value or a lone status word; null when the text is not a metric value. */
export function metricValue(text: string): { value: number | null; shown: string; tier: Tier | null } | null {
  const t = text.replace(/^[:\s]+/, "").trim();
  const bar = t.indexOf("|");
  const shown = (bar >= 0 ? t.slice(0, bar) : t).trim();
  const tierText = bar >= 0 ? t.slice(bar + 1).trim() : "";
  let tier: Tier | null = null;
  if (tierText !== "" && !EMPTY.has(tierText.toLowerCase())) {
    tier = tierPrefix(tierText);
    if (!tier) return null;
  } else if (tierText.toLowerCase() === "n/a") tier = "N/A";
  if (EMPTY.has(shown.toLowerCase())) return { value: null, shown, tier };
  const n = decimal(shown.replace(/%$/, ""), 2, { min: -1e9 });
  if (n.problem === undefined) return { value: n.value, shown, tier };
  const word = bar < 0 ? tierPrefix(shown) : null;
  if (word && word.length === shown.replace(/\s+/g, " ").length) return { value: null, shown, tier: word };
  return null;
}

/** Reads the summary from the pages before the DA table; null when none of them looks like a summary. */
export function summaryOf(
  pages: readonly PdfPage[],
  file: string,
  problems: Problem[],
): ScorecardSummary | null {
  let s: ScorecardSummary | null = null;
  const found = new Map<MetricKey, ScorecardMetric>();
  for (const page of pages) {
    const lines = toLines(page.items);
    const week = lines.map((l) => findWeekLabel(l.text)).find((w) => w) ?? null;
    const at = page.items.map((i) => /^(.+?)\s+at\s+([A-Z0-9]{3,5})$/.exec(i.str))
      .find((m) => m && !/^rank$/i.test(m[1]) && STATION_CODE.test(m[2]));
    const overall = lines.map((l) => /Overall Score:?\s*([\d.,]+)\s*(?:\|\s*(.*))?/i.exec(l.text)).find((m) =>
      m
    );
    if (!s && (week || at || overall)) {
      s = {
        page: page.number,
        dsp: at ? at[1].trim() : null,
        station: at ? at[2] : null,
        week,
        overallScore: null,
        overallTier: null,
        rank: null,
        rankChange: null,
        metrics: [],
        focusAreas: [],
      };
    }
    if (!s) continue;
    if (overall && s.overallScore === null) {
      const n = decimal(overall[1], 2, { max: 100 });
      if (n.problem !== undefined) {
        problems.push({
          file,
          page: page.number,
          column: "Overall Score",
          message: `${n.problem}; the overall score was skipped.`,
        });
      } else s.overallScore = n.value;
      s.overallTier = overall[2] ? tierPrefix(overall[2]) : null;
    }
    const rank = lines.map((l) =>
      /Rank at\s+[A-Z0-9]{3,5}\s*:\s*(\d+)\s*(?:\(\s*([+-]?\d+)\s*WoW\s*\))?/i.exec(l.text)
    ).find((m) => m);
    if (rank && s.rank === null) {
      s.rank = Number(rank[1]);
      s.rankChange = rank[2] === undefined ? null : Number(rank[2]);
    }
    if (!s.focusAreas.length) s.focusAreas = focusAreas(page);
    for (const l of lines) metricsOf(l.text, page.number, file, found, problems);
  }
  if (!s) return null;
  s.metrics = SCORECARD_METRICS.flatMap((m) => found.get(m.key) ?? []);
  return s;
}

function metricsOf(
  text: string,
  page: number,
  file: string,
  found: Map<MetricKey, ScorecardMetric>,
  problems: Problem[],
) {
  const hits = [...text.matchAll(NAME_RE)];
  hits.forEach((h, i) => {
    const def = SCORECARD_METRICS[h.slice(1).findIndex((g) => g !== undefined)];
    const rest = text.slice(h.index! + h[0].length, hits[i + 1]?.index ?? text.length).trim();
    if (!rest || found.has(def.key)) return;
    const v = metricValue(rest);
    if (v) found.set(def.key, { key: def.key, name: def.name, ...v });
    else if (rest.includes("|")) {
      problems.push({
        file,
        page,
        column: def.name,
        message: `'${rest.slice(0, 40)}' is not 'value | tier'; the metric was skipped.`,
      });
    }
  });
}

/** The numbered entries under 'Recommended Focus Areas' (to its right and below, within ~100 pt). */
function focusAreas(page: PdfPage): string[] {
  const head = page.items.find((i) => /Recommended Focus Areas/i.test(i.str));
  if (!head) return [];
  return page.items
    .filter((i) => i.y > head.y + 1 && i.y < head.y + 100 && i.x >= head.x - 4)
    .sort((a, b) => a.y - b.y)
    .map((i) => /^\d+[.)]\s*(.+)$/.exec(i.str)?.[1].trim())
    .filter((f): f is string => !!f);
}
