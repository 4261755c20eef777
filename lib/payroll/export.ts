// 'Download Table' / 'Download All Shifts' (02 section 2): the rows of GET get_payroll_reports, filtered as
// the page filters them ('table') or all of them ('all'), laid out by view, named as the spec says. The
// page's download icon and `dsp payroll export` both fetch GET api/payroll/export/, which calls this.
import type { Queryable } from "../db/client.ts";
import { viewerStations } from "../stations/queries.ts";
import type { StationDto } from "../stations/dto.ts";
import { exportFileName, resolvePeriod } from "./calc.ts";
import { filterRows } from "./calc-sheet.ts";
import { stationNotYours } from "./errors.ts";
import type { ExportRequest } from "./inputs.ts";
import { payrollRows } from "./queries.ts";
import { payrollXlsx } from "./xlsx.ts";

/** A station filter (id or tag, any case) among the viewer's stations; null = All. */
export async function resolveStation(
  db: Queryable,
  stationIds: readonly number[],
  station: string | null,
): Promise<StationDto | null> {
  if (station === null) return null;
  const mine = await viewerStations(db, { stationIds: [...stationIds] });
  const key = station.trim().toLowerCase();
  const found = mine.find((s) => String(s.id) === key || s.tag.toLowerCase() === key);
  if (!found) throw stationNotYours(station);
  return found;
}

export interface PayrollFile {
  fileName: string;
  bytes: Uint8Array;
}

/** The workbook for an export request at the viewer's stations. 'all' ignores every filter (file: 'All'). */
export async function payrollExport(
  db: Queryable,
  stationIds: readonly number[],
  req: ExportRequest,
): Promise<PayrollFile> {
  const all = req.kind === "all";
  const station = all ? null : await resolveStation(db, stationIds, req.filters.station);
  const rows = await payrollRows(db, stationIds, req.period, { activeOffboarded: req.activeOffboarded });
  const chosen = all ? rows : filterRows(rows, {
    user: req.filters.user,
    stationId: station?.id ?? null,
    role: req.filters.role,
    status: req.filters.status,
  });
  const stamp = new Date(`${resolvePeriod(req.period).from}T00:00:00Z`);
  return {
    fileName: exportFileName(station?.tag ?? null, req.period),
    bytes: await payrollXlsx(chosen, req.view, stamp),
  };
}
