// The app's bar chart (01 section 9, 03 2.6-2.7): Chart.js on a canvas, bar thickness 15 (25 for monthly
// bars), minimum bar length 3, integer ticks from 0, numbers with a thousands comma. Only the parts of
// Chart.js a bar chart needs are registered, so the island stays small. The figures are also in a
// visually hidden table for screen readers (a canvas says nothing).
import { useEffect, useRef } from "react";
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from "chart.js";
import { formatNumber } from "../../lib/dates/format.ts";
import { barThickness, type ChartSeries } from "./kit.ts";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarChartProps {
  title: string;
  labels: string[];
  series: ChartSeries[];
  /** Monthly bars are thicker (25). */
  monthly?: boolean;
  /** Bars along the y axis (long name lists). */
  horizontal?: boolean;
  /** Where the value axis starts (0 by default; the reliability chart starts at 90). */
  min?: number;
  /** Many bars in a narrow plot (a month of days): the thickness is a ceiling, bars narrow to fit. */
  shrink?: boolean;
  /** Where the value axis ends (the scorecard's levels end at 5). */
  max?: number;
  /** Names the value ticks (the scorecard's levels: 1 Poor .. 5 Fantastic Plus). */
  tickLabel?: (v: number) => string;
  /** Percent values: ticks and tooltips end in '%' and keep 2 decimals. */
  percent?: boolean;
  /** A Tailwind height class for the plot (no inline styles: the CSP hashes styles). */
  heightClass?: string;
  testId?: string;
}

export default function BarChart(p: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<"bar"> | null>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const fmt = (v: number) =>
      p.tickLabel ? p.tickLabel(v) : p.percent ? `${formatNumber(v)}%` : formatNumber(v);
    const config: ChartConfiguration<"bar"> = {
      type: "bar",
      data: {
        labels: p.labels,
        datasets: p.series.map((s) => ({
          label: s.label,
          data: s.data,
          backgroundColor: s.colors ?? s.color,
          barThickness: p.shrink ? undefined : barThickness(p.monthly),
          maxBarThickness: barThickness(p.monthly),
          minBarLength: 3,
          borderRadius: 2,
        })),
      },
      options: {
        indexAxis: p.horizontal ? "y" : "x",
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: p.series.length > 1, position: "bottom" },
          tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${fmt(Number(c.raw))}` } },
        },
        scales: {
          [p.horizontal ? "x" : "y"]: {
            min: p.min ?? 0,
            max: p.max,
            beginAtZero: p.min === undefined,
            ticks: { precision: p.percent ? undefined : 0, callback: (v: string | number) => fmt(Number(v)) },
          },
          [p.horizontal ? "y" : "x"]: { ticks: { autoSkip: true, maxRotation: 60 } },
        },
      },
    };
    chart.current?.destroy();
    chart.current = new Chart(canvas.current, config);
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [JSON.stringify([p.labels, p.series, p.monthly, p.horizontal, p.min, p.max, p.percent, p.shrink])]);

  const empty = p.series.every((s) => s.data.every((v) => !v));
  return (
    <figure className="relative" data-testid={p.testId} aria-label={p.title}>
      <div className={`relative w-full ${p.heightClass ?? "h-64"}`}>
        <canvas ref={canvas} role="img" aria-label={`${p.title} chart`} />
        {empty
          ? (
            <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">
              No figures for this period
            </p>
          )
          : null}
      </div>
      {/* sr-only on a wrapper: a table grows to its cells' width and would widen the page */}
      <div className="sr-only">
        <table>
          <caption>{p.title}</caption>
          <thead>
            <tr>
              <th scope="col">Label</th>
              {p.series.map((s) => <th key={s.label} scope="col">{s.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {p.labels.map((l, i) => (
              <tr key={`${l}-${i}`}>
                <th scope="row">{l}</th>
                {p.series.map((s) => <td key={s.label}>{formatNumber(s.data[i])}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
