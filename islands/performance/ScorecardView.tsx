// One period's answer of a scorecard (03 2.6): its chart and its figures as tables (long ranking lists
// cut to the top 10 and the bottom 10). Rules: lib/performance/calc.ts; tables: lib/performance/calc-tables.ts.
import {
  BUBBLE_AXES,
  bubbleGroups,
  LEVELS,
  PERF_COLORS,
  type Scorecard,
  shownRows,
  worseHalfColors,
} from "../../lib/performance/calc.ts";
import type {
  NamedCountDto,
  PackagesDto,
  PersonCountDto,
  PersonSumDto,
  ScannerReportDto,
  StatusDto,
  VansDataDto,
  WorstDarDto,
} from "../../lib/performance/dto.ts";
import { type FigureTable, figureTables } from "../../lib/performance/calc-tables.ts";
import type { WeightsDto } from "../../lib/weights/inputs.ts";
import BarChart from "../charts/BarChart.tsx";
import BubbleChart from "../charts/BubbleChart.tsx";
import { COLORS } from "../charts/kit.ts";

const person = (p: { driver__first_name: string; driver__last_name: string }) =>
  `${p.driver__first_name} ${p.driver__last_name}`.trim();
/** Scorecards whose tables are part of what they show (03 2.6: the vans table, the result lists). */
const OPEN_TABLES: Scorecard[] = ["TL_VANS", "RABBIT_REPORTS", "DOLLY_REPORTS"];
const short = (s: string) => s.length > 15 ? `${s.slice(0, 15)}…` : s;

function Ranking<T>({ title, rows, label, value, colors, testId }: {
  title: string;
  rows: readonly T[];
  label: (r: T) => string;
  value: (r: T) => number;
  colors?: (n: number) => string[];
  testId: string;
}) {
  const shown = shownRows(rows);
  return (
    <BarChart
      title={title}
      labels={shown.map((r) => short(label(r)))}
      series={[{
        label: title,
        data: shown.map(value),
        color: COLORS.actual,
        colors: colors ? colors(shown.length) : undefined,
      }]}
      horizontal
      heightClass={shown.length > 10 ? "h-[28rem]" : "h-72"}
      testId={testId}
    />
  );
}

function Chart({ scorecard, data, weights, testId }: {
  scorecard: Scorecard;
  data: unknown;
  weights: WeightsDto | null;
  testId: string;
}) {
  const d = data as Record<string, unknown>;
  switch (scorecard) {
    case "TL_PERFORMANCE":
      return (
        <Ranking
          title="Delivered"
          rows={d.data as PersonSumDto[]}
          label={person}
          value={(r) => r.sum}
          colors={worseHalfColors}
          testId={testId}
        />
      );
    case "HL_DA_SHIFTS":
      return (
        <Ranking
          title="Shifts"
          rows={d.data as PersonCountDto[]}
          label={person}
          value={(r) => r.counter}
          testId={testId}
        />
      );
    case "ROLES":
      return (
        <Ranking
          title="Records"
          rows={d.data as { role: string; counter: number }[]}
          label={(r) => r.role}
          value={(r) => r.counter}
          testId={testId}
        />
      );
    case "MISSING_DELIVERIES":
      return (
        <Ranking
          title="Missing"
          rows={d.by_driver as NamedCountDto[]}
          label={(r) => r.name}
          value={(r) => r.counter}
          colors={(n) => Array(n).fill(PERF_COLORS.bad)}
          testId={testId}
        />
      );
    case "WORST_OF_DAR": {
      const w = data as WorstDarDto;
      return (
        <Ranking
          title={w.measure === "DSB" ? "DSB DPMO" : "DAR %"}
          rows={w.data}
          label={(r) => r.name}
          value={(r) => Math.round(r.dar_value)}
          colors={(n) => Array(n).fill(PERF_COLORS.bad)}
          testId={testId}
        />
      );
    }
    case "DA_SCORE_TREND":
      return <Bubbles rows={d.data as PackagesDto[]} weights={weights} testId={testId} />;
    case "TL_VANS": {
      const v = data as VansDataDto;
      return (
        <BarChart
          title="Fleet utilization"
          labels={["Owned", "Rental", "Unregistered"]}
          series={[
            { label: "Vans", data: [v.owned.vans, v.rental.vans, v.unregistered.vans], color: COLORS.plan },
            {
              label: "Shifts",
              data: [v.owned.shifts, v.rental.shifts, v.unregistered.shifts],
              color: COLORS.actual,
            },
          ]}
          testId={testId}
        />
      );
    }
    case "RABBIT_REPORTS":
    case "DOLLY_REPORTS": {
      const r = data as ScannerReportDto;
      const dmy = (s: string) => `${s.slice(8, 10)}-${s.slice(5, 7)}`;
      return (
        <BarChart
          title="Not returned by day"
          labels={r.returned.map((x) => dmy(x.report_date))}
          series={[{
            label: "Not returned",
            data: r.returned.map((x) => x.difference),
            color: PERF_COLORS.bad,
          }]}
          testId={testId}
        />
      );
    }
    case "PERFORMANCE_SCORECARD": {
      const rows = d.data as StatusDto[];
      return (
        <BarChart
          title="Scorecard level by week"
          labels={rows.map((x) => `W${x.week + 1}`)}
          series={[{
            label: "Level",
            data: rows.map((x) => x.level ?? 0),
            colors: rows.map((x) =>
              (x.level ?? 0) >= 4 ? PERF_COLORS.good : (x.level ?? 0) >= 3 ? "#2563eb" : PERF_COLORS.bad
            ),
          }]}
          max={5}
          tickLabel={(v) => Number.isInteger(v) && v >= 1 && v <= 5 ? LEVELS[v - 1] : ""}
          testId={testId}
        />
      );
    }
  }
}

function Bubbles(
  { rows, weights, testId }: { rows: PackagesDto[]; weights: WeightsDto | null; testId: string },
) {
  const w = weights ?? { team_player_min: 50, road_runner_min: 50 };
  const scored = rows.filter((r) => r.team_player_score !== null && r.road_runner_score !== null);
  const groups = bubbleGroups(
    scored.map((r) => ({
      name: `${r.driver.first_name} ${r.driver.last_name}`,
      team: r.team_player_score!,
      road: r.road_runner_score!,
      avgDelivered: r.delivered.avg,
    })),
    w,
  );
  return (
    <div>
      <BubbleChart
        title="DA score trend"
        series={groups}
        xTitle="Team player score"
        yTitle="Road runner score"
        x={BUBBLE_AXES.x}
        y={BUBBLE_AXES.y}
        testId={testId}
      />
      <p className="mt-2 text-xs text-slate-600">
        Team player at least {w.team_player_min}, road runner at least{" "}
        {w.road_runner_min}. Bubble size: average delivered per route / 50.
        {rows.length > scored.length
          ? ` ${rows.length - scored.length} DA(s) without an Amazon score this period are not drawn.`
          : ""}
      </p>
    </div>
  );
}

export function Tables({ tables }: { tables: FigureTable[] }) {
  return (
    <div className="space-y-3">
      {tables.map((t) => (
        <div key={t.title} className="overflow-x-auto">
          <table className="data-table w-full text-sm" data-testid="figure-table">
            <caption className="py-1 text-left text-sm font-semibold text-slate-800">{t.title}</caption>
            <thead>
              <tr>{t.columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
            </thead>
            <tbody>
              {t.rows.length === 0
                ? (
                  <tr>
                    <td colSpan={t.columns.length} className="text-slate-500">No figures for this period</td>
                  </tr>
                )
                : t.rows.flatMap((r, i) => [
                  ...(t.cut > 0 && i === 10
                    ? [
                      <tr key="cut">
                        <td colSpan={t.columns.length} className="text-center text-slate-500">
                          … {t.cut} more between the top 10 and the bottom 10
                        </td>
                      </tr>,
                    ]
                    : []),
                  <tr key={i}>{r.map((c, j) => <td key={j}>{c}</td>)}</tr>,
                ])}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

export default function ScorecardView({ scorecard, data, weights, heading, testId }: {
  scorecard: Scorecard;
  data: unknown;
  weights: WeightsDto | null;
  heading: string;
  testId: string;
}) {
  return (
    <section className="card min-w-0 p-4" aria-label={heading} data-testid={testId}>
      <h2 className="mb-2 text-base font-semibold text-slate-900">{heading}</h2>
      <Chart scorecard={scorecard} data={data} weights={weights} testId={`${testId}-chart`} />
      <details className="mt-3" open={OPEN_TABLES.includes(scorecard)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Figures</summary>
        <div className="mt-2">
          <Tables tables={figureTables(scorecard, data)} />
        </div>
      </details>
    </section>
  );
}
