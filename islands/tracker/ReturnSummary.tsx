// The return summary below the table (02): the ten return counters added up over the rows, and the
// returns and deliveries as percentages of the packages, to two decimals.
import { returnSummary } from "../../lib/shifts/calc.ts";
import type { Rec } from "./types.ts";

export default function ReturnSummary({ records }: { records: readonly Rec[] }) {
  const s = returnSummary(records.map((r) => ({
    uta: r.uta,
    utl: r.utl,
    nsl: r.nsl,
    bc: r.bc,
    missing: r.missing,
    damage: r.damage,
    fdd: r.fdd,
    missort: r.missort,
    oc: r.oc,
    others: r.others,
    numberOfPackages: r.number_of_packages,
  })));
  const figures = [
    ["Packages", s.packages.toLocaleString("en-US")],
    ["Total returns", s.total.toLocaleString("en-US")],
    ["% of Returns", `${s.percentReturns.toFixed(2)} %`],
    ["% of Delivers", `${s.percentDelivers.toFixed(2)} %`],
  ] as const;
  return (
    <section
      className="card grid grid-cols-2 gap-4 px-4 py-3 sm:grid-cols-4"
      aria-label="Return summary"
      data-testid="return-summary"
    >
      {figures.map(([label, value]) => (
        <div key={label}>
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
          <div className="text-lg font-semibold tabular-nums text-slate-900" data-testid={`rs-${label}`}>
            {value}
          </div>
        </div>
      ))}
    </section>
  );
}
