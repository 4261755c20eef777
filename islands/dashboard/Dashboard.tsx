// The dashboard (01 "Dashboard"): period switch and stepper, 'Station Filter', the six cards with their
// colour rules (01 section 4), DA status and Fleet status (with the out-of-service reasons), and routes by
// role. The page renders the first answer; every change asks GET api/dashboard/ again and keeps the
// choice in the URL.
import { useRef, useState } from "react";
import type { DashboardDto } from "../../lib/dashboard/dto.ts";
import type { StationDto } from "../../lib/stations/dto.ts";
import { deliveriesOk, missingOk, returnsOk, routesOk, scannersOk } from "../../lib/dashboard/calc.ts";
import { type PeriodPick, pickParams } from "../../lib/dashboard/calc-period.ts";
import { formatNumber } from "../../lib/dates/format.ts";
import { api } from "../client/api.ts";
import { replaceUrl } from "../client/router.ts";
import BarChart from "../charts/BarChart.tsx";
import { COLORS } from "../charts/kit.ts";
import Modal from "../ui/Modal.tsx";
import { pct, StatCard, StatusCard } from "./Cards.tsx";
import PeriodBar from "./PeriodBar.tsx";
import StationFilter from "./StationFilter.tsx";
import { reactIsland } from "../ui/island.ts";

export default function Dashboard({ initial, stations, pick: first, today, defaultDate }: {
  initial: DashboardDto;
  stations: StationDto[];
  pick: PeriodPick;
  today: string;
  defaultDate: string;
}) {
  const [data, setData] = useState(initial);
  const [pick, setPick] = useState(first);
  const [selected, setSelected] = useState(initial.stations);
  const [state, setState] = useState<"ready" | "loading" | "error">("ready");
  const [oosOpen, setOosOpen] = useState(false);
  const asked = useRef(0);

  async function load(p: PeriodPick, ids: number[]) {
    setPick(p);
    setSelected(ids);
    const url = new URL(location.href);
    const search = new URLSearchParams({ type: p.type, date: p.date });
    if (ids.length !== stations.length) search.set("stations", ids.join("_"));
    url.search = search.toString();
    replaceUrl(url.toString());
    const n = ++asked.current;
    setState("loading");
    try {
      const q = new URLSearchParams({ ...pickParams(p), stations: ids.join("_") });
      const d = await api<DashboardDto>(`/api/dashboard/?${q}`);
      if (n !== asked.current) return;
      setData(d);
      setState("ready");
    } catch {
      if (n === asked.current) setState("error");
    }
  }

  const r = data.routes;
  const d = data.deliveries;
  const s = data.serial_numbers;
  const budget = data.budget;
  const budgetNote = budget ? ` (${budget.months > 1 ? `${budget.months} months` : "month"})` : "";
  // No budget anywhere in the period: "Plan 0 · completion –" would read as a plan of nothing.
  const planned = budget !== null || r.total_plans > 0 || d.total_plans > 0;
  return (
    <div className="space-y-4" data-testid="dashboard" aria-busy={state === "loading"}>
      <div className="card flex flex-wrap items-center justify-between gap-3 px-3 py-3">
        <PeriodBar pick={pick} today={today} defaultDate={defaultDate} onChange={(p) => load(p, selected)} />
        <StationFilter stations={stations} selected={selected} onSubmit={(ids) => load(pick, ids)} />
      </div>
      {state === "error"
        ? (
          <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
            The figures could not be loaded. Try again.
          </p>
        )
        : null}
      <div className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${state === "loading" ? "opacity-60" : ""}`}>
        <StatCard
          title="# of Routes"
          testId="card-routes"
          value={r.total_routes}
          ok={routesOk(r.completion)}
          trendHref="/dashboard/routes"
          tooltip={[
            ["Training", r.training_routes],
            ["Client Cancelled", r.cancelled_routes],
            ["MYCU Cancelled", r.mycu_cancelled_routes],
            ["Other routes", r.other_routes],
          ]}
          lines={planned
            ? [
              `Plan ${formatNumber(r.total_plans)} · completion ${pct(r.completion)}`,
              budget
                ? `Budget${budgetNote}: ${formatNumber(budget.routes)} routes`
                : "No budget for this month",
            ]
            : ["No budget for this period"]}
        />
        <StatCard
          title="# of Deliveries"
          testId="card-deliveries"
          value={d.total_deliveries}
          ok={deliveriesOk(d.prev_total_deliveries, d.total_deliveries)}
          trendHref="/dashboard/deliveries"
          lines={[
            `Previous period ${formatNumber(d.prev_total_deliveries)}`,
            ...(planned
              ? [
                `Plan ${formatNumber(d.total_plans)} · ${pct(d.from_actual)} of plan`,
                budget
                  ? `Budget${budgetNote}: ${formatNumber(budget.deliveries)} deliveries`
                  : "No budget for this month",
              ]
              : ["No budget for this period"]),
          ]}
        />
        <StatCard
          title="# of Returns"
          testId="card-returns"
          value={d.total_returns}
          ok={returnsOk(d.returned_stats.of_deliveries)}
          trendHref="/dashboard/returns"
          lines={[`${pct(d.returned_stats.of_deliveries)} of packages (target at most 0.50%)`]}
        />
        <StatCard
          title="# of Missing"
          testId="card-missing"
          value={d.returns.actual.missing}
          ok={missingOk(d.returns.prev.missing, d.returns.actual.missing)}
          trendHref="/dashboard/missing"
          lines={[`Previous period ${formatNumber(d.returns.prev.missing)}`]}
        />
        <StatCard
          title="# of Rabbit Returned"
          testId="card-rabbits"
          value={s.rabbit_returns}
          ok={scannersOk(s.rabbit_non_returned)}
          lines={[
            `of ${formatNumber(s.total_rabbits)} handed out · ${pct(s.rabbit_non_returned)} back`,
            `${formatNumber(s.difference_rabbit)} not returned`,
          ]}
        />
        <StatCard
          title="# of Dolly Returned"
          testId="card-dollies"
          value={s.dolly_returns}
          ok={scannersOk(s.dolly_non_returned)}
          lines={[
            `of ${formatNumber(s.total_dollies)} handed out · ${pct(s.dolly_non_returned)} back`,
            `${formatNumber(s.difference_dolly)} not returned`,
          ]}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <StatusCard
          title="DA status"
          testId="card-da-status"
          rows={[
            ["Assigned drivers", formatNumber(data.da_statuses.assigned_drivers)],
            ["Active", formatNumber(data.da_statuses.active_drivers)],
            ["Off Boarded", formatNumber(data.da_statuses.off_boarded_drivers)],
            ["Inactive", formatNumber(data.da_statuses.inactive_drivers)],
            ["% of Active", pct(data.da_statuses.active_from_total)],
          ]}
        />
        <StatusCard
          title="Fleet status"
          testId="card-fleet-status"
          rows={[
            ["Assigned fleets", formatNumber(data.fleet_statuses.assigned_fleets)],
            ["Active", formatNumber(data.fleet_statuses.available_fleets)],
            [
              "Out of Service",
              <button
                key="oos"
                type="button"
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600"
                onClick={() => setOosOpen(true)}
                data-testid="oos-open"
              >
                {formatNumber(data.fleet_statuses.out_of_service_fleets)}
              </button>,
            ],
            ["% of Active", pct(data.fleet_statuses.active_from_total)],
          ]}
        />
        <section className="card p-4" aria-label="Routes by role" data-testid="card-roles">
          <h2 className="mb-2 text-base font-semibold text-slate-900">Routes by role</h2>
          <BarChart
            title="Routes by role"
            labels={data.roles.map((x) => x.role)}
            series={[{ label: "Routes", data: data.roles.map((x) => x.counter), color: COLORS.actual }]}
            horizontal
            heightClass="h-56"
          />
        </section>
      </div>
      <Modal open={oosOpen} title="Out of Service" onClose={() => setOosOpen(false)} wide>
        <div>
          {data.fleet_statuses.out_of_service_list.length === 0
            ? <p className="text-sm text-slate-600">No van is out of service.</p>
            : (
              <div className="overflow-x-auto">
                <table className="data-table w-full" data-testid="oos-table">
                  <thead>
                    <tr>
                      <th scope="col">Plate</th>
                      <th scope="col">Station</th>
                      <th scope="col">Van</th>
                      <th scope="col">Van group</th>
                      <th scope="col">Reason</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.fleet_statuses.out_of_service_list.map((v) => (
                      <tr key={`${v.number}`}>
                        <td>{v.plate_number}</td>
                        <td>{v.station?.title ?? ""}</td>
                        <td>{v.number}</td>
                        <td>{v.van_group?.name ?? ""}</td>
                        <td>{v.status_change_reason ?? "Not given"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
        </div>
      </Modal>
    </div>
  );
}

reactIsland(Dashboard);
