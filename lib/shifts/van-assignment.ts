// The spec's driver-van-assignment calls (02 section 7), over the tracker's own row change (tracker/patch.ts),
// so every rule, lock and van race of the tracker applies. In this product an "assignment" is not a table
// of its own: it is a tracker row's DA and van, and its id is the row's id.
// - PUT {id}/van_assignment/ {date, station, fleet_size}: a free van of that size onto row {id}; answers the van.
// - POST {record, driver, van: null}: the DA onto the row; answers the assignment (id = the row's id).
// - DELETE {id}/: the row's DA and van taken off.
// The calls carry no version: they act on the row as it is now (last write wins, as the spec's client expects).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { shiftRecords, shiftReports } from "./schema.ts";
import { invalidField, notFound } from "../errors.ts";
import { dbId } from "../inputs/fields.ts";
import type { ShiftRecordDto, VanRef } from "./dto.ts";
import { patchRecord } from "./tracker/patch.ts";
import { stationScope, type TrackerViewer } from "./tracker/queries.ts";
import type { RecordPatchInput } from "./inputs.ts";

export const vanAssignmentInput = z.object({
  date: z.iso.date({ error: "Not valid: the row's date (YYYY-MM-DD)" }).optional(),
  station: dbId("Not valid: a station id").optional(),
  fleet_size: dbId("Required: a fleet size id", "Required: a fleet size id"),
}).strict();

export const assignmentCreateInput = z.object({
  record: dbId("Required: a tracker row id", "Required: a tracker row id"),
  driver: dbId("Required: a DA id", "Required: a DA id"),
  van: z.null({ error: "Send null: the van comes from the fleet size (PUT .../van_assignment/)" }).optional(),
}).strict();

export interface AssignmentDto {
  id: number;
  record: number;
  driver: number | null;
  van: VanRef | null;
}

const assignmentOf = (r: ShiftRecordDto): AssignmentDto => ({
  id: r.id,
  record: r.id,
  driver: r.driver?.id ?? null,
  van: r.van,
});

/** The row's version, date and station, within the viewer's stations (else "Not found."). */
async function rowNow(db: Db, viewer: TrackerViewer, id: number) {
  const [row] = await db.select({
    version: shiftRecords.version,
    date: shiftReports.reportDate,
    station: shiftReports.stationId,
  }).from(shiftRecords).innerJoin(shiftReports, eq(shiftReports.id, shiftRecords.reportId))
    .where(and(eq(shiftRecords.id, id), stationScope(viewer.stationIds)));
  if (!row) throw notFound();
  return row;
}

async function change(
  db: Db,
  viewer: TrackerViewer,
  id: number,
  fields: Partial<Omit<RecordPatchInput, "version">>,
) {
  const { version } = await rowNow(db, viewer, id);
  return await patchRecord(db, viewer, id, { ...fields, version } as RecordPatchInput);
}

export async function assignVanBySize(
  db: Db,
  viewer: TrackerViewer,
  id: number,
  input: z.infer<typeof vanAssignmentInput>,
): Promise<{ van: VanRef | null; record: ShiftRecordDto }> {
  const now = await rowNow(db, viewer, id);
  if (input.date && input.date !== now.date) throw invalidField("date", `Not this row's date (${now.date})`);
  if (input.station && input.station !== now.station) throw invalidField("station", "Not this row's station");
  const record = await change(db, viewer, id, { fleet_size: input.fleet_size });
  return { van: record.van, record };
}

export async function assignDriver(
  db: Db,
  viewer: TrackerViewer,
  input: z.infer<typeof assignmentCreateInput>,
): Promise<AssignmentDto> {
  return assignmentOf(await change(db, viewer, input.record, { driver: input.driver }));
}

export async function unassign(db: Db, viewer: TrackerViewer, id: number): Promise<void> {
  // Taking the DA off clears the van with it (rules.ts), in the same write.
  await change(db, viewer, id, { driver: null });
}
