// A trend page (01 "Trend pages"): 'Back to Dashboard', the period type and year, a From/To range, and the
// bar chart with Plan and Actual where a plan exists. Rules: lib/dashboard/calc-trend.ts.
import { useRef, useState } from "react";
import type { TrendItemDto } from "../../lib/dashboard/dto.ts";
import type { TrendType } from "../../lib/dashboard/inputs.ts";
import {
  defaultTrendPick,
  TREND_TITLES,
  trendParams,
  type TrendPick,
  trendSeries,
  type TrendSlug,
  validTrendPick,
} from "../../lib/dashboard/calc-trend.ts";
import { MONTH_LABELS } from "../../lib/dates/format.ts";
import { weeksInYear } from "../../lib/dates/weeks.ts";
import { api } from "../client/api.ts";
import { replaceUrl } from "../client/router.ts";
import BarChart from "../charts/BarChart.tsx";
import { COLORS } from "../charts/kit.ts";
import DateInput from "../ui/DateInput.tsx";
import { reactIsland } from "../ui/island.ts";

const TYPES: [TrendType, string][] = [["month", "Monthly"], ["week", "Weekly"], ["day", "Daily"]];

export default function Trend({ slug, initial, pick: first, today }: {
  slug: TrendSlug;
  initial: TrendItemDto[];
  pick: TrendPick;
  today: string;
}) {
  const [items, setItems] = useState(initial);
  const [pick, setPick] = useState(first);
  const [state, setState] = useState<"ready" | "loading" | "error">("ready");
  const asked = useRef(0);
  const thisYear = Number(today.slice(0, 4));

  async function load(p: TrendPick) {
    setPick(p);
    if (!validTrendPick(p)) return;
    const url = new URL(location.href);
    url.search = new URLSearchParams({ type: p.type, year: String(p.year), from: p.from, to: p.to })
      .toString();
    replaceUrl(url.toString());
    const n = ++asked.current;
    setState("loading");
    try {
      const q = new URLSearchParams({
        statistic: `${slug === "routes" ? "routes" : "deliveries"}_trends`,
        ...trendParams(p),
      });
      const r = await api<{ data: TrendItemDto[] }>(`/api/statistic/?${q}`);
      if (n !== asked.current) return;
      setItems(r.data);
      setState("ready");
    } catch {
      if (n === asked.current) setState("error");
    }
  }

  const range = pick.type === "week"
    ? Array.from({ length: weeksInYear(pick.year) }, (_, i) => [String(i + 1), `Week ${i + 1}`])
    : MONTH_LABELS.map((m, i) => [String(i + 1), m]);
  const colors = [COLORS.plan, COLORS.actual];
  const series = trendSeries(slug, items).map((s, i, all) => ({
    ...s,
    color: all.length > 1 ? colors[i] : COLORS.actual,
  }));
  const bad = !validTrendPick(pick);
  return (
    <div className="space-y-4" data-testid="trend" aria-busy={state === "loading"}>
      <div className="card flex flex-wrap items-end gap-3 px-3 py-3">
        <a href="/dashboard" className="btn-secondary" data-testid="back-to-dashboard">Back to Dashboard</a>
        <div
          className="inline-flex overflow-hidden rounded-md border border-slate-300"
          role="group"
          aria-label="Period type"
        >
          {TYPES.map(([type, label]) => (
            <button
              key={type}
              type="button"
              aria-pressed={pick.type === type}
              className={`px-3 py-1.5 text-sm font-medium ${
                pick.type === type ? "bg-brand-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50"
              }`}
              onClick={() => pick.type !== type && load(defaultTrendPick(type, today, pick.year))}
              data-testid={`trend-${type}`}
            >
              {label}
            </button>
          ))}
        </div>
        {pick.type === "day"
          ? (
            <div className="flex flex-wrap items-end gap-3">
              <label className="text-sm text-slate-700">
                <span className="field-label">From</span>
                <DateInput
                  value={pick.from}
                  max={today}
                  onChange={(v) => v && load({ ...pick, from: v })}
                  testId="trend-from"
                />
              </label>
              <label className="text-sm text-slate-700">
                <span className="field-label">To</span>
                <DateInput
                  value={pick.to}
                  max={today}
                  onChange={(v) => v && load({ ...pick, to: v })}
                  testId="trend-to"
                />
              </label>
            </div>
          )
          : (
            <div className="flex flex-wrap items-end gap-3">
              <label className="text-sm">
                <span className="field-label">Year</span>
                <select
                  className="field-input py-1.5"
                  value={pick.year}
                  onChange={(e) => load(defaultTrendPick(pick.type, today, Number(e.target.value)))}
                  data-testid="trend-year"
                >
                  {Array.from({ length: 6 }, (_, i) => thisYear - i).map((y) => (
                    <option key={y} value={y}>{y}</option>
                  ))}
                </select>
              </label>
              {(["from", "to"] as const).map((k) => (
                <label key={k} className="text-sm">
                  <span className="field-label">{k === "from" ? "From" : "To"}</span>
                  <select
                    className="field-input py-1.5"
                    value={pick[k]}
                    onChange={(e) => load({ ...pick, [k]: e.target.value })}
                    data-testid={`trend-${k}`}
                  >
                    {range.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
                  </select>
                </label>
              ))}
            </div>
          )}
      </div>
      {bad ? <p className="text-sm text-red-700" role="alert">From must not be after To.</p> : null}
      {state === "error"
        ? (
          <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
            The trend could not be loaded.
          </p>
        )
        : null}
      <section
        className={`card p-4 ${state === "loading" ? "opacity-60" : ""}`}
        aria-label={TREND_TITLES[slug]}
      >
        <h2 className="mb-2 text-base font-semibold text-slate-900">{TREND_TITLES[slug]}</h2>
        <BarChart
          title={TREND_TITLES[slug]}
          labels={items.map((i) => i.label)}
          series={series}
          monthly={pick.type === "month"}
          heightClass="h-80"
          testId="trend-chart"
        />
      </section>
    </div>
  );
}

reactIsland(Trend);
