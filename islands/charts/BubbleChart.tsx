// The DA score bubble chart (03 2.6, 9): Chart.js bubbles, x and y as given (the performance page: x -10
// to 110, y -10 to 120), radius as given (average delivered / 50). Only the bubble parts of Chart.js are
// registered. The figures are also in a visually hidden table for screen readers.
import { useEffect, useRef } from "react";
import {
  BubbleController,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  PointElement,
  Tooltip,
} from "chart.js";
import { formatNumber } from "../../lib/dates/format.ts";

Chart.register(BubbleController, PointElement, LinearScale, Tooltip, Legend);

export interface Bubble {
  label: string;
  x: number;
  y: number;
  r: number;
}
export interface BubbleSeries {
  label: string;
  color: string;
  points: Bubble[];
}

export default function BubbleChart(p: {
  title: string;
  series: BubbleSeries[];
  xTitle: string;
  yTitle: string;
  x: { min: number; max: number };
  y: { min: number; max: number };
  heightClass?: string;
  testId?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const config: ChartConfiguration<"bubble", Bubble[]> = {
      type: "bubble",
      data: {
        datasets: p.series.map((s) => ({
          label: s.label,
          data: s.points,
          backgroundColor: `${s.color}99`,
          borderColor: s.color,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { position: "bottom" },
          tooltip: {
            callbacks: {
              label: (c) => {
                const b = c.raw as Bubble;
                return `${b.label}: ${formatNumber(Math.round(b.x))} / ${formatNumber(Math.round(b.y))}`;
              },
            },
          },
        },
        scales: {
          x: { min: p.x.min, max: p.x.max, title: { display: true, text: p.xTitle } },
          y: { min: p.y.min, max: p.y.max, title: { display: true, text: p.yTitle } },
        },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [JSON.stringify([p.series, p.x, p.y, p.xTitle, p.yTitle])]);

  const points = p.series.flatMap((s) => s.points.map((b) => ({ ...b, group: s.label })));
  return (
    <figure className="relative" data-testid={p.testId} aria-label={p.title}>
      <div className={`relative w-full ${p.heightClass ?? "h-80"}`}>
        <canvas ref={canvas} role="img" aria-label={`${p.title} chart`} />
        {points.length === 0
          ? (
            <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">
              No figures for this period
            </p>
          )
          : null}
      </div>
      <table className="sr-only">
        <caption>{p.title}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">{p.xTitle}</th>
            <th scope="col">{p.yTitle}</th>
            <th scope="col">Group</th>
          </tr>
        </thead>
        <tbody>
          {points.map((b, i) => (
            <tr key={`${b.label}-${i}`}>
              <th scope="row">{b.label}</th>
              <td>{formatNumber(Math.round(b.x))}</td>
              <td>{formatNumber(Math.round(b.y))}</td>
              <td>{b.group}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
