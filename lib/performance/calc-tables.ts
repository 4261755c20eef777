// A scorecard's figures as plain tables (heading, columns, rows): what the page lists under each chart and
// what the PDF prints. Pure, shared by the island and lib/performance/pdf.ts. Ranking lists keep the top 10
// and bottom 10 when they are longer than 20 (03 2.6).
import { formatNumber } from "../dates/format.ts";
import { type Scorecard, shownRows } from "./calc.ts";
import type {
  NamedCountDto,
  PackagesDto,
  PersonCountDto,
  PersonSumDto,
  ReliabilityDto,
  ScannerReportDto,
  StatusDto,
  VansDataDto,
  WorstDarDto,
} from "./dto.ts";

export interface FigureTable {
  title: string;
  columns: string[];
  rows: string[][];
  /** rows left out between the top 10 and the bottom 10 */
  cut: number;
}

const pct = (n: number | null) => n === null ? "—" : `${formatNumber(Math.round(n * 100) / 100)}%`;
const num = (n: number) => formatNumber(n);
const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const person = (p: { driver__first_name: string; driver__last_name: string }) =>
  `${p.driver__first_name} ${p.driver__last_name}`.trim();

function ranked<T>(
  title: string,
  columns: string[],
  rows: readonly T[],
  cells: (r: T) => string[],
): FigureTable {
  const shown = shownRows(rows);
  return { title, columns, rows: shown.map(cells), cut: rows.length - shown.length };
}

export function utilisation(t: { vans: number; shifts: number }, days: number): number | null {
  return t.vans > 0 && days > 0 ? (t.shifts / (t.vans * days)) * 100 : null;
}

/** The tables of one period's answer of a scorecard's statistic. */
export function figureTables(s: Scorecard, data: unknown): FigureTable[] {
  const d = data as Record<string, unknown>;
  switch (s) {
    case "TL_PERFORMANCE":
      return [ranked("Delivered by DA", ["DA", "Delivered"], d.data as PersonSumDto[], (r) => [
        person(r),
        num(r.sum),
      ])];
    case "HL_DA_SHIFTS":
      return [ranked("Shifts by DA", ["DA", "Shifts"], d.data as PersonCountDto[], (r) => [
        person(r),
        num(r.counter),
      ])];
    case "ROLES":
      return [
        ranked("Shift records by role", ["Role", "Records"], d.data as { role: string; counter: number }[], (
          r,
        ) => [r.role, num(r.counter)]),
      ];
    case "MISSING_DELIVERIES":
      return [ranked("Missing packages by DA", ["DA", "Missing"], d.by_driver as NamedCountDto[], (r) => [
        r.name,
        num(r.counter),
      ])];
    case "WORST_OF_DAR": {
      const w = data as WorstDarDto;
      const unit = w.measure === "DSB" ? "DSB DPMO" : "DAR %";
      return [
        ranked(
          `Worst ${w.measure} by DA`,
          ["DA", unit],
          w.data,
          (r) => [r.name, num(Math.round(r.dar_value))],
        ),
      ];
    }
    case "DA_SCORE_TREND":
      return [{
        title: "DA scores",
        columns: ["DA", "Team player", "Road runner", "Delivered (avg)", "Delivered"],
        rows: (d.data as PackagesDto[]).map((r) => [
          `${r.driver.first_name} ${r.driver.last_name}`,
          pct(r.team_player_score),
          r.road_runner_score === null ? "—" : num(Math.round(r.road_runner_score * 100) / 100),
          num(Math.round(r.delivered.avg)),
          num(r.delivered.sum),
        ]),
        cut: 0,
      }];
    case "TL_VANS": {
      const v = data as VansDataDto;
      const row = (label: string, t: { vans: number; shifts: number }) => [
        label,
        num(t.vans),
        num(t.shifts),
        pct(utilisation(t, v.days)),
      ];
      return [
        {
          title: "Fleet utilization",
          columns: ["Vans", "Count", "Shifts", "Utilization"],
          rows: [row("Owned", v.owned), row("Rental", v.rental), row("Unregistered", v.unregistered)],
          cut: 0,
        },
        ranked(
          "Unregistered vans",
          ["Van", "Shifts"],
          v.unregistered_list,
          (r) => [r.number, num(r.counter)],
        ),
      ];
    }
    case "RABBIT_REPORTS":
    case "DOLLY_REPORTS": {
      const r = data as ScannerReportDto;
      const what = s === "RABBIT_REPORTS" ? "Rabbits" : "Dollies";
      return [
        ranked(
          `${what} not returned`,
          ["Serial number", "Count"],
          r.result,
          (x) => [x.serial_number, num(x.count)],
        ),
        {
          title: `${what} returned by day`,
          columns: ["Report date", "Difference"],
          rows: r.returned.map((x) => [dmy(x.report_date), num(x.difference)]),
          cut: 0,
        },
      ];
    }
    case "PERFORMANCE_SCORECARD":
      return [{
        title: "Scorecard by week",
        columns: ["Week", "Status", "Level"],
        rows: (d.data as StatusDto[]).map((x) => [
          `Week ${x.week + 1}, ${x.year}`,
          x.status ?? "—",
          x.level === null ? "—" : String(x.level),
        ]),
        cut: 0,
      }];
  }
}

export function reliabilityTable(rows: readonly ReliabilityDto[]): FigureTable {
  return {
    title: "Capacity reliability",
    columns: ["Period", "Reliability"],
    rows: rows.map((r) => [reliabilityLabel(r), pct(r.capacity_reliability_score)]),
    cut: 0,
  };
}

export function reliabilityLabel(r: ReliabilityDto): string {
  return r.date ? dmy(r.date) : `W${(r.week_number ?? 0) + 1}`;
}
