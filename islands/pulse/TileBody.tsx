// What a Pulse tile shows for its statistic's answer: bars (per DA across, per day upright), the
// averages and statuses, the vans table, or why there is nothing (cash on delivery is not recorded).
import type { PulseStatDtos } from "../../lib/pulse/dto.ts";
import { PULSE_COLORS, tileChart, type TileDef } from "../../lib/pulse/calc.ts";
import { formatNumber } from "../../lib/dates/format.ts";
import BarChart from "../charts/BarChart.tsx";

const PER_DAY = new Set(["number_of_routes", "delivered_returned"]);

export default function TileBody({ tile, dto }: { tile: TileDef; dto: unknown }) {
  if (tile.kind === "none") {
    return (
      <p className="flex h-72 items-center justify-center px-6 text-center text-sm text-slate-600">
        Cash on delivery is not recorded on shift reports, so there are no figures to chart.
      </p>
    );
  }
  if (tile.kind === "facts") return <Averages dto={dto as PulseStatDtos["average_and_statuses"]} />;
  if (tile.kind === "table") return <Vans dto={dto as PulseStatDtos["vans_table"]} />;
  const chart = tileChart(tile, dto);
  const perDay = PER_DAY.has(tile.stat);
  const weeks = tile.stat === "worst_dsb_count" ? (dto as PulseStatDtos["worst_dsb_count"]).weeks : null;
  return (
    <div>
      <BarChart
        title={tile.title}
        labels={chart.labels}
        series={chart.series}
        horizontal={!perDay}
        shrink
        heightClass="h-72"
      />
      <p className="mt-1 text-xs text-slate-500">
        {chart.hidden > 0
          ? `The ${chart.labels.length} highest of ${chart.labels.length + chart.hidden} DAs. `
          : ""}
        {weeks ? `Amazon weeks ${weeks.join(", ")}; DSB replaced DAR in 2024.` : ""}
      </p>
    </div>
  );
}

function Averages({ dto }: { dto: PulseStatDtos["average_and_statuses"] }) {
  const a = dto.averages;
  const s = dto.statuses;
  const rows: [string, number | null][] = [
    ["Routes", a.routes],
    ["Packages per route", a.packages_per_route],
    ["Stops per route", a.stops_per_route],
    ["Returns per route", a.returns_per_route],
  ];
  return (
    <div className="@container">
      <div className="grid gap-3 @xs:grid-cols-2">
        <dl
          className="grid grid-cols-[1fr_auto] content-start gap-x-3 gap-y-1.5 text-sm"
          data-testid="averages"
        >
          {rows.map(([k, v]) => [
            <dt key={`${k}-t`} className="text-slate-600">{k}</dt>,
            <dd key={`${k}-d`} className="text-right font-semibold tabular-nums text-slate-900">
              {v === null ? "–" : formatNumber(v)}
            </dd>,
          ])}
        </dl>
        <BarChart
          title="DA statuses on shifts"
          labels={["Pending", "Confirmed", "Rejected", "Cancelled"]}
          series={[{
            label: "Seats",
            data: [s.pending, s.confirmed, s.rejected, s.cancelled],
            colors: [PULSE_COLORS.slate, PULSE_COLORS.green, PULSE_COLORS.red, PULSE_COLORS.amber],
          }]}
          horizontal
          heightClass="h-48"
        />
      </div>
    </div>
  );
}

function Vans({ dto }: { dto: PulseStatDtos["vans_table"] }) {
  if (dto.data.length === 0) {
    return (
      <p className="flex h-72 items-center justify-center text-sm text-slate-500">
        No van drove in this period
      </p>
    );
  }
  return (
    <div className="max-h-72 overflow-auto" tabIndex={0} aria-label="Vans driven">
      <table className="data-table w-full" data-testid="vans-table">
        <thead>
          <tr>
            <th scope="col">Van</th>
            <th scope="col">Plate</th>
            <th scope="col" className="text-right">Shifts</th>
            <th scope="col" className="text-right">Days</th>
          </tr>
        </thead>
        <tbody>
          {dto.data.map((v) => (
            <tr key={v.van_id}>
              <td>{v.number}</td>
              <td>{v.plate_number || "–"}</td>
              <td className="text-right tabular-nums">{formatNumber(v.shifts)}</td>
              <td className="text-right tabular-nums">{formatNumber(v.days)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
