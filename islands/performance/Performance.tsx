// The performance page (03 2.6): scorecard picker, period switch and stepper (Annual only for
// PERFORMANCE_SCORECARD, which is annual only), station picker, the PDF export, the reliability chart and
// the chosen scorecard for the current and the past period, each fetched separately from GET
// api/statistic/ (the past one not in daily mode). The choice stays in the URL.
import { useRef, useState } from "react";
import type { PeriodPick } from "../../lib/dashboard/calc-period.ts";
import { pickLabel, pickParams, stepPick } from "../../lib/dashboard/calc-period.ts";
import {
  comparesPast,
  periodTypesOf,
  RELIABILITY_MIN,
  reliabilityColor,
  type Scorecard,
  SCORECARD_LABELS,
  SCORECARDS,
  typeFor,
} from "../../lib/performance/calc.ts";
import type { ReliabilityDto } from "../../lib/performance/dto.ts";
import { reliabilityLabel } from "../../lib/performance/calc-tables.ts";
import type { WeightsDto } from "../../lib/weights/inputs.ts";
import type { StationDto } from "../../lib/stations/dto.ts";
import { api } from "../client/api.ts";
import { replaceUrl } from "../client/router.ts";
import BarChart from "../charts/BarChart.tsx";
import Icon from "../ui/Icon.tsx";
import PeriodBar, { PERIOD_BUTTONS } from "../dashboard/PeriodBar.tsx";
import ScorecardView from "./ScorecardView.tsx";
import { reactIsland } from "../ui/island.ts";

/** What the page renders first and each change replaces (lib/performance/view.ts). */
export interface PerformanceState {
  scorecard: Scorecard;
  pick: PeriodPick;
  station: number;
  current: unknown;
  past: unknown | null;
  pastPick: PeriodPick | null;
  reliability: ReliabilityDto[];
  weights: WeightsDto | null;
}

export default function Performance({ initial, statistic, stations, today, defaultDate }: {
  initial: PerformanceState;
  statistic: Record<Scorecard, string>;
  stations: StationDto[];
  today: string;
  defaultDate: string;
}) {
  // What was shown last (data and the choice it answers) and what the controls show now: the figures
  // change only when the new answer is in, so a scorecard never renders another's data.
  const [view, setView] = useState(initial);
  const [choice, setChoice] = useState({
    scorecard: initial.scorecard,
    pick: initial.pick,
    station: initial.station,
  });
  const [state, setState] = useState<"ready" | "loading" | "error">("ready");
  const asked = useRef(0);

  async function load(scorecard: Scorecard, p: PeriodPick, station: number) {
    const pick = {
      type: typeFor(scorecard, p.type),
      date: p.type === typeFor(scorecard, p.type) ? p.date : defaultDate,
    };
    const url = new URL(location.href);
    url.search = new URLSearchParams({
      scorecard,
      type: pick.type,
      date: pick.date,
      station: String(station),
    })
      .toString();
    replaceUrl(url.toString());
    const pastPick = comparesPast(scorecard, pick.type) ? stepPick(pick, -1, today) : null;
    setChoice({ scorecard, pick, station });
    const n = ++asked.current;
    setState("loading");
    const get = <T,>(name: string, q: PeriodPick) =>
      api<T>(
        `/api/statistic/?${new URLSearchParams({
          statistic: name,
          ...pickParams(q),
          stations: String(station),
        })}`,
      );
    try {
      const [current, past, rel, weights] = await Promise.all([
        get<unknown>(statistic[scorecard], pick),
        pastPick ? get<unknown>(statistic[scorecard], pastPick) : Promise.resolve(null),
        get<{ data: ReliabilityDto[] }>("reliability_score", pick),
        scorecard === "DA_SCORE_TREND" ? api<WeightsDto>("/api/weights/") : Promise.resolve(null),
      ]);
      if (n !== asked.current) return;
      setView({ scorecard, pick, station, current, past, pastPick, reliability: rel.data, weights });
      setState("ready");
    } catch {
      if (n === asked.current) setState("error");
    }
  }

  const types = PERIOD_BUTTONS.filter(([t]) => periodTypesOf(choice.scorecard).includes(t));
  const pdf = `/api/performance/pdf/?${new URLSearchParams({
    scorecard: choice.scorecard,
    type: choice.pick.type,
    date: choice.pick.date,
    station: String(choice.station),
  })}`;
  const rel = view.reliability;
  return (
    <div className="space-y-4" data-testid="performance" aria-busy={state === "loading"}>
      <div className="card flex flex-wrap items-center gap-3 px-3 py-3">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          Scorecard
          <select
            className="input w-auto"
            value={choice.scorecard}
            onChange={(e) => load(e.target.value as Scorecard, choice.pick, choice.station)}
            data-testid="scorecard-select"
          >
            {SCORECARDS.map((s) => <option key={s} value={s}>{SCORECARD_LABELS[s]}</option>)}
          </select>
        </label>
        <PeriodBar
          pick={choice.pick}
          today={today}
          defaultDate={defaultDate}
          types={types}
          onChange={(p) => load(choice.scorecard, p, choice.station)}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          Station
          <select
            className="input w-auto"
            value={choice.station}
            onChange={(e) => load(choice.scorecard, choice.pick, Number(e.target.value))}
            data-testid="station-select"
          >
            {stations.map((s) => <option key={s.id} value={s.id}>{s.title}</option>)}
          </select>
        </label>
        <a
          className="btn-secondary ml-auto inline-flex items-center gap-1"
          href={pdf}
          download
          data-testid="pdf-export"
        >
          <Icon name="download" className="h-4 w-4" /> Export PDF
        </a>
      </div>
      {state === "error"
        ? (
          <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
            The figures could not be loaded. Try again.
          </p>
        )
        : null}
      <div className={`space-y-4 ${state === "loading" ? "opacity-60" : ""}`}>
        <div className={`grid gap-4 ${view.past !== null && view.pastPick ? "lg:grid-cols-2" : ""}`}>
          <ScorecardView
            scorecard={view.scorecard}
            data={view.current}
            weights={view.weights}
            heading={`${SCORECARD_LABELS[view.scorecard]}: ${pickLabel(view.pick)}`}
            testId="scorecard-current"
          />
          {view.past !== null && view.pastPick
            ? (
              <ScorecardView
                scorecard={view.scorecard}
                data={view.past}
                weights={view.weights}
                heading={`Past period: ${pickLabel(view.pastPick)}`}
                testId="scorecard-past"
              />
            )
            : null}
        </div>
        <section className="card p-4" aria-label="Capacity reliability" data-testid="reliability">
          <h2 className="mb-2 text-base font-semibold text-slate-900">Capacity reliability</h2>
          <BarChart
            title="Capacity reliability"
            labels={rel.map(reliabilityLabel)}
            series={[{
              label: "Reliability",
              data: rel.map((r) => Math.round(r.capacity_reliability_score * 100) / 100),
              colors: rel.map((r) => reliabilityColor(r.capacity_reliability_score)),
            }]}
            min={RELIABILITY_MIN}
            percent
            heightClass="h-56"
            testId="reliability-chart"
          />
        </section>
      </div>
    </div>
  );
}

reactIsland(Performance);
