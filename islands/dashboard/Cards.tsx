// The dashboard's cards (01 "Dashboard", section 4 colours). A card's colour says whether its rule holds:
// green border and figure when it succeeds, red when it fails, plain when there is nothing to judge.
import { type ReactNode } from "react";
import { formatNumber, formatPercent } from "../../lib/dates/format.ts";
import Icon from "../ui/Icon.tsx";

export function tone(ok: boolean | null): string {
  return ok === null ? "border-slate-200" : ok ? "border-emerald-500" : "border-red-500";
}
const figureTone = (ok: boolean | null) =>
  ok === null ? "text-slate-900" : ok ? "text-emerald-700" : "text-red-700";

export function StatCard({ title, value, ok, lines, trendHref, tooltip, testId }: {
  title: string;
  value: number;
  ok: boolean | null;
  lines: ReactNode[];
  /** The first four cards open their trend page from their icon. */
  trendHref?: string;
  tooltip?: [string, number][];
  testId: string;
}) {
  return (
    <section
      className={`card relative border-l-4 p-4 ${tone(ok)}`}
      data-testid={testId}
      data-ok={ok === null ? "none" : String(ok)}
      aria-label={title}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <div className="flex items-center gap-1">
          {tooltip
            ? (
              <span className="group relative">
                <button
                  type="button"
                  className="rounded p-1 text-slate-500 hover:bg-slate-100"
                  aria-label={`${title}: details`}
                >
                  <Icon name="info" className="h-4 w-4" />
                </button>
                <span
                  role="tooltip"
                  className="invisible absolute right-0 top-full z-20 mt-1 w-56 rounded-md bg-slate-900 p-3 text-xs text-white shadow-lg group-hover:visible group-focus-within:visible"
                >
                  {tooltip.map(([k, v]) => (
                    <span key={k} className="flex justify-between gap-3">
                      <span>{k}</span>
                      <span className="tabular-nums">{formatNumber(v)}</span>
                    </span>
                  ))}
                </span>
              </span>
            )
            : null}
          {trendHref
            ? (
              <a
                href={trendHref}
                className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-brand-600"
                aria-label={`${title}: trend`}
                data-testid={`${testId}-trend`}
              >
                <Icon name="trends" className="h-4 w-4" />
              </a>
            )
            : null}
        </div>
      </div>
      <p
        className={`mt-1 text-3xl font-semibold tabular-nums ${figureTone(ok)}`}
        data-testid={`${testId}-value`}
      >
        {formatNumber(value)}
      </p>
      <div className="mt-2 space-y-0.5 text-xs text-slate-600">
        {lines.map((l, i) => <p key={i}>{l}</p>)}
      </div>
    </section>
  );
}

export const pct = (n: number | null) => n === null ? "–" : `${formatPercent(n)}%`;

/** A status card: a title, then label/figure rows (DA status, Fleet status). */
export function StatusCard({ title, rows, testId, children }: {
  title: string;
  rows: [string, ReactNode][];
  testId: string;
  children?: ReactNode;
}) {
  return (
    <section className="card p-4" data-testid={testId} aria-label={title}>
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600">{k}</dt>
            <dd className="text-right font-semibold tabular-nums text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
