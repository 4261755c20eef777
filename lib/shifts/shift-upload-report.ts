// Which report a routes file goes onto when the client sends only the spec's fields (xlsx_file,
// shift_date): the station's report for that day, made (with no rows) when there is none yet, as the board's
// "Create shift" would. The station is `station`, or the viewer's only station.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { shiftReports } from "./schema.ts";
import { createReport } from "./board/mutations.ts";
import { deleteReport } from "./board/delete.ts";
import type { TrackerViewer } from "./tracker/queries.ts";
import { foreignStation } from "./errors.ts";
import { stationNeeded } from "./shift-upload-errors.ts";

export interface UploadTarget {
  report?: number;
  station?: number;
  shiftDate: string;
}

async function dayReport(db: Db, station: number, date: string): Promise<number | undefined> {
  const [row] = await db.select({ id: shiftReports.id }).from(shiftReports)
    .where(and(eq(shiftReports.stationId, station), eq(shiftReports.reportDate, date)));
  return row?.id;
}

/**
 * Runs `upload` on the target's report. A report made here for the upload is removed again when the upload
 * is refused, so a refused file leaves nothing behind.
 */
export async function withUploadReport<T>(
  db: Db,
  viewer: TrackerViewer,
  target: UploadTarget,
  upload: (report: number) => Promise<T>,
): Promise<T> {
  if (target.report !== undefined) return await upload(target.report);
  const station = target.station ?? (viewer.stationIds.length === 1 ? viewer.stationIds[0] : undefined);
  if (station === undefined) throw stationNeeded();
  if (!viewer.stationIds.includes(station)) throw foreignStation(station);
  const existing = await dayReport(db, station, target.shiftDate);
  if (existing !== undefined) return await upload(existing);
  let made = true;
  const id = await createReport(db, viewer, {
    station,
    report_date: target.shiftDate,
    rows: 0,
    has_second_driver: false,
  }).then((r) => r.id, async (e) => {
    // Someone made the day's report meanwhile: use theirs (and never remove it).
    const raced = await dayReport(db, station, target.shiftDate);
    if (raced === undefined) throw e;
    made = false;
    return raced;
  });
  try {
    return await upload(id);
  } catch (e) {
    if (made) await deleteReport(db, viewer, id).catch(() => {});
    throw e;
  }
}
