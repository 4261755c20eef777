// The fleet register as a spreadsheet (xlsx or CSV) with the list's filters; cells are formula-safe (tabular.ts).
import type { Queryable } from "../db/client.ts";
import { type Column, downloadResponse, toCsv, toXlsx } from "../exports/tabular.ts";
import { formatDate, formatDateInZone, formatDateTimeInZone } from "../dates/format.ts";
import { getTimeZone } from "../settings/queries.ts";
import type { VanExportQuery } from "./inputs.ts";
import { allVans } from "./queries.ts";
import { reasonLabel, statusLabel } from "./policy.ts";
import type { VanDto } from "./dto.ts";

export function vanColumns(timeZone: string): Column<VanDto>[] {
  return [
    { header: "Van number", value: (v) => v.number, width: 12 },
    { header: "Van group", value: (v) => v.van_group?.name ?? "" },
    { header: "Van group description", value: (v) => v.van_group?.description ?? "", width: 30 },
    { header: "Fleet size", value: (v) => v.fleet_size?.title ?? "" },
    { header: "Plate number", value: (v) => v.plate_number, width: 14 },
    { header: "Status", value: (v) => statusLabel(v.status), width: 16 },
    { header: "Available", value: (v) => (v.available ? "Yes" : "No"), width: 10 },
    { header: "Out-of-service reason", value: (v) => reasonLabel(v.status_change_reason) },
    { header: "Pick-up date", value: (v) => formatDate(v.pick_up_date), width: 14 },
    { header: "Station", value: (v) => v.station_tag ?? "", width: 10 },
    {
      header: "Last status change",
      value: (v) => formatDateTimeInZone(v.last_status_change, timeZone),
      width: 18,
    },
    {
      header: "Changed by",
      value: (
        v,
      ) => (v.last_status_changed_by
        ? `${v.last_status_changed_by.first_name} ${v.last_status_changed_by.last_name}`.trim()
        : ""),
    },
  ];
}

/** 'Fleet status DD-MM-YYYY.xlsx', dated today in the organisation's time zone. */
export function exportFileName(format: "csv" | "xlsx", now: Date, timeZone: string): string {
  return `Fleet status ${formatDateInZone(now, timeZone)}.${format}`;
}

export async function exportVans(
  db: Queryable,
  stationIds: readonly number[],
  q: VanExportQuery,
): Promise<Response> {
  const [rows, tz] = await Promise.all([allVans(db, stationIds, q), getTimeZone(db)]);
  const columns = vanColumns(tz);
  const name = exportFileName(q.format, new Date(), tz);
  const body = q.format === "csv" ? toCsv(columns, rows) : await toXlsx(columns, rows, "Fleet status");
  return downloadResponse(body, name, q.format);
}
