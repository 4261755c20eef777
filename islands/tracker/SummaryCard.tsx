// The shift summary card (02), for the two privileged roles: routes, deliveries (sum of packages), DAs
// (first plus second drivers), and a tooltip with the count of rows per role.
import { shiftSummary } from "../../lib/shifts/calc.ts";
import type { Rec, TrackerConstants } from "./types.ts";

export default function SummaryCard(
  { records, constants }: { records: readonly Rec[]; constants: TrackerConstants },
) {
  const s = shiftSummary(records.map((r) => ({
    role: r.role,
    numberOfPackages: r.number_of_packages,
    driverId: r.driver?.id ?? null,
    secondDriverId: r.second_driver?.id ?? null,
  })));
  const perRole = s.perRole
    .map((p) => ({ ...p, name: constants.roles.find((r) => r.id === p.role)?.name ?? `Role ${p.role}` }))
    .sort((a, b) => a.role - b.role);
  const figures = [
    ["No of Routes", s.routes],
    ["No of Deliveries", s.deliveries],
    ["No of DA", s.das],
  ] as const;
  return (
    <section
      className="card flex flex-wrap items-center gap-x-8 gap-y-3 px-4 py-3"
      aria-label="Shift summary"
      data-testid="summary-card"
    >
      <h2 className="text-sm font-semibold text-slate-900">Shift summary</h2>
      {figures.map(([label, value]) => (
        <div key={label} className="flex items-baseline gap-2">
          <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</span>
          <span className="text-lg font-semibold tabular-nums text-slate-900">
            {value.toLocaleString("en-US")}
          </span>
        </div>
      ))}
      <div className="group relative">
        <button type="button" className="btn-ghost px-2 py-1 text-xs" aria-describedby="per-role-tip">
          Per role
        </button>
        <div
          id="per-role-tip"
          role="tooltip"
          data-testid="per-role"
          className="invisible absolute left-0 top-full z-40 mt-1 w-56 rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg group-hover:visible group-focus-within:visible sm:left-auto sm:right-0"
        >
          {perRole.length === 0 ? <p className="text-slate-500">No rows yet.</p> : (
            <ul className="space-y-1">
              {perRole.map((p) => (
                <li key={p.role} className="flex justify-between gap-3">
                  <span className="text-slate-600">{p.name}</span>
                  <span className="font-medium tabular-nums">{p.count}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
