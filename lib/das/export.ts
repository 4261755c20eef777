// The DA register as a spreadsheet (issue 7): the rows the current filters match, in the list's order,
// every column of the screen. Cells go through lib/exports/tabular.ts, which neutralises formulas.
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { type Column, toCsv, toXlsx } from "../exports/tabular.ts";
import { formatDateInZone, formatDateTimeInZone } from "../dates/format.ts";
import { roleName } from "../auth/roles.ts";
import { getTimeZone } from "../settings/queries.ts";
import { type DaExportQuery, statusLabel } from "./inputs.ts";
import { licenceLabel } from "./policy.ts";
import { allDas } from "./queries.ts";
import type { DaDto } from "./dto.ts";

export function daExportColumns(timeZone: string): Column<DaDto>[] {
  const spots = (d: DaDto) => d.station_spots;
  return [
    { header: "ID", value: (d) => d.id, width: 8 },
    { header: "First name", value: (d) => d.first_name },
    { header: "Last name", value: (d) => d.last_name },
    { header: "Transporter ID", value: (d) => d.transporter_id, width: 18 },
    { header: "Driver licence", value: (d) => licenceLabel(d.driver_license), width: 16 },
    { header: "Badge", value: (d) => d.badge, width: 10 },
    { header: "E-mail", value: (d) => d.email, width: 34 },
    { header: "Status", value: (d) => statusLabel(d.status), width: 12 },
    { header: "Active", value: (d) => (d.is_active ? "Yes" : "No"), width: 8 },
    { header: "Onboarded", value: (d) => formatDateInZone(d.created, timeZone), width: 12 },
    { header: "Stations", value: (d) => spots(d).map((s) => s.station.tag).join(", ") },
    {
      header: "Agencies",
      value: (d) => [...new Set(spots(d).map((s) => s.agency?.name ?? ""))].filter(Boolean).join(", "),
    },
    {
      header: "Fleet groups",
      value: (d) => [...new Set(spots(d).flatMap((s) => s.fleet_groups.map((g) => g.name)))].join(", "),
      width: 28,
    },
    {
      header: "Last status change",
      value: (d) => formatDateTimeInZone(d.last_status_change, timeZone),
      width: 18,
    },
    {
      header: "Changed by",
      value: (
        d,
      ) => (d.last_status_changed_by
        ? `${d.last_status_changed_by.first_name} ${d.last_status_changed_by.last_name}`
        : ""),
    },
    { header: "Role", value: (d) => roleName(d.role), width: 10 },
  ];
}

/** 'DA status 21-11-2026.xlsx': today in the organisation's time zone. */
export function daExportFileName(format: "csv" | "xlsx", timeZone: string, now = new Date()): string {
  return `DA status ${formatDateInZone(now, timeZone)}.${format}`;
}

export async function exportDas(
  db: Queryable,
  viewer: Pick<Viewer, "role" | "stationIds">,
  q: DaExportQuery,
): Promise<{ body: string | Uint8Array; fileName: string; format: "csv" | "xlsx" }> {
  const timeZone = await getTimeZone(db);
  const rows = await allDas(db, viewer, q);
  const columns = daExportColumns(timeZone);
  const body = q.format === "csv" ? toCsv(columns, rows) : await toXlsx(columns, rows, "DA status");
  return { body, fileName: daExportFileName(q.format, timeZone), format: q.format };
}
