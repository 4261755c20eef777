// The tracker's other writes: Add New Record, delete a row, the serial pickers, and the report header
// (people and the DA 2 switch). Each is one transaction; a refused call writes nothing.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import { scanners, stationSpots, users } from "../../org/schema.ts";
import type { ShiftRecordDto, ShiftReportDto } from "../dto.ts";
import type { reportPatchInput, serialAssignmentInput } from "../inputs.ts";
import { baseHours, ShiftRole } from "../roles.ts";
import { canDeleteRow } from "../locks.ts";
import { rowsOf } from "../../db/rows.ts";
import type { z } from "zod";
import { recordById, reportById, type TrackerViewer } from "./queries.ts";
import { lockRecord, openReport, touchReport } from "./context.ts";
import { fieldLabel } from "./field-labels.ts";
import {
  personNotMember,
  rowSetBySms,
  scannerForeign,
  scannerTaken,
  scannerTwice,
  scannerUnavailable,
  scannerWrongKind,
} from "./errors.ts";
import { afterWrite, writeRow } from "./patch.ts";
import { refuseConflict, refuseLocked } from "./change.ts";

/** The values of a blank row (Add New Record, and the rows a new report starts with). */
export function blankRecord(report: { id: number; reportDate: string }) {
  return {
    reportId: report.id,
    reportDate: report.reportDate,
    role: ShiftRole.Standard,
    roleHours: baseHours(ShiftRole.Standard).toFixed(2),
  };
}

/** POST api/da-daily-report-record/ {report}: a blank row at the end of the report. */
export async function addRecord(db: Db, viewer: TrackerViewer, reportId: number): Promise<ShiftRecordDto> {
  return await db.transaction(async (tx) => {
    const { report, view } = await openReport(tx, viewer, reportId);
    const [row] = await tx.insert(shiftRecords).values({ ...blankRecord(report), updatedById: viewer.id })
      .returning({ id: shiftRecords.id });
    await touchReport(tx, report.id, viewer.id);
    return await recordById(tx, row.id, view);
  });
}

/** DELETE api/da-daily-report-record/{id}/: refused for rows whose status came by SMS, and locked rows. */
export async function deleteRecord(db: Db, viewer: TrackerViewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockRecord(tx, viewer, id);
    if (!canDeleteRow(locked.row)) throw rowSetBySms();
    refuseLocked(locked);
    await tx.delete(shiftRecords).where(eq(shiftRecords.id, id));
    await touchReport(tx, locked.report.id, viewer.id);
  });
}

const SERIAL_SLOTS = {
  rabbit_number: { col: "rabbitId", kind: "rabbit" },
  second_rabbit_number: { col: "secondRabbitId", kind: "rabbit" },
  dolly_number: { col: "dollyId", kind: "dolly" },
  second_dolly_number: { col: "secondDollyId", kind: "dolly" },
} as const;
type Slot = keyof typeof SERIAL_SLOTS;

/**
 * POST api/serial-number-assignment/: any of the four scanner slots; 0 clears. A scanner must be of the
 * slot's kind, of the report's station, available (status 1), and on no other row or slot that day. The
 * scanner rows are locked first, so two editors picking one scanner take turns and the second is refused.
 */
export async function assignSerials(
  db: Db,
  viewer: TrackerViewer,
  input: z.infer<typeof serialAssignmentInput>,
): Promise<ShiftRecordDto> {
  return await db.transaction(async (tx) => {
    const locked = await lockRecord(tx, viewer, input.record_id);
    const { row, report } = locked;
    refuseLocked(locked);
    const slots = (Object.keys(SERIAL_SLOTS) as Slot[]).filter((s) => input[s] !== undefined);
    const sent: Record<string, unknown> = {};
    for (const s of slots) sent[s] = input[s];
    if (input.version !== undefined) refuseConflict(locked, sent, input.version);

    const set: Record<string, number | null> = {};
    for (const s of slots) set[SERIAL_SLOTS[s].col] = input[s] || null;
    const picked = slots.filter((s) => input[s]);
    const ids = picked.map((s) => input[s]!);
    if (new Set(ids).size !== ids.length) throw scannerTwice(picked[0]);
    if (ids.length) {
      const found = await tx.select({
        id: scanners.id,
        kind: scanners.kind,
        serial: scanners.serialNumber,
        stationId: scanners.stationId,
        status: scanners.status,
      })
        .from(scanners).where(inArray(scanners.id, ids)).orderBy(scanners.id).for("update");
      for (const s of picked) {
        const sc = found.find((f) => f.id === input[s]);
        const label = fieldLabel(s);
        if (!sc || sc.stationId !== report.stationId) {
          throw scannerForeign(s, label, input[s]!, report.stationTag);
        }
        if (sc.kind !== SERIAL_SLOTS[s].kind) {
          throw scannerWrongKind(s, label, sc.serial, sc.kind, SERIAL_SLOTS[s].kind);
        }
        const already = sc.id === row[SERIAL_SLOTS[s].col];
        if (sc.status !== 1 && !already) throw scannerUnavailable(s, label, sc.serial);
        const taken = await scannerHolder(tx, report.reportDate, sc.id, row.id, set);
        if (taken) throw scannerTaken(s, label, sc.serial, taken);
      }
    }
    return await afterWrite(tx, locked, set, await writeRow(tx, locked, set, viewer.id));
  });
}

/** Where a scanner is in use that day, other than the slots being written on this row. */
async function scannerHolder(
  tx: Queryable,
  reportDate: string,
  scannerId: number,
  recordId: number,
  set: Record<string, unknown>,
) {
  const [other] = rowsOf<{ route: string | null; first_name: string | null; last_name: string | null }>(
    await tx.execute(sql`
    select r.route, u.first_name, u.last_name from ${shiftRecords} r left join ${users} u on u.id = r.driver_id
    where r.report_date = ${reportDate} and r.id <> ${recordId}
      and ${scannerId} in (r.rabbit_id, r.second_rabbit_id, r.dolly_id, r.second_dolly_id) limit 1`),
  );
  if (other) {
    const who = other.first_name || other.last_name
      ? `by ${`${other.first_name ?? ""} ${other.last_name ?? ""}`.trim()}`
      : "on a row without a DA";
    return `${who}${other.route ? ` on route ${other.route}` : ""}`;
  }
  // The same row's untouched slots count as "used elsewhere" too (the sibling select excludes them).
  const [self] = await tx.select(SLOT_COLS).from(shiftRecords).where(eq(shiftRecords.id, recordId));
  for (const [col, v] of Object.entries(self)) {
    if (v === scannerId && !(col in set)) return "in another slot of this row";
  }
  return null;
}

const SLOT_COLS = {
  rabbitId: shiftRecords.rabbitId,
  secondRabbitId: shiftRecords.secondRabbitId,
  dollyId: shiftRecords.dollyId,
  secondDollyId: shiftRecords.secondDollyId,
};

const HEADER_FIELDS = {
  dispatcher: "dispatcherId",
  support_dispatcher: "supportDispatcherId",
  supervisor: "supervisorId",
  special_supervisor: "specialSupervisorId",
  lead_driver: "leadDriverId",
  fleet_coordinator: "fleetCoordinatorId",
} as const;

/**
 * PATCH api/da-daily-report/{id}/: the DA 2 switch and the header strip's people. Refused when the report
 * is closed. A person must be an active user with a spot at the report's station.
 */
export async function patchReport(
  db: Db,
  viewer: TrackerViewer,
  id: number,
  input: z.infer<typeof reportPatchInput>,
): Promise<ShiftReportDto> {
  await db.transaction(async (tx) => {
    const { report } = await openReport(tx, viewer, id);
    const set: Record<string, unknown> = {};
    if (input.has_second_driver !== undefined) set.hasSecondDriver = input.has_second_driver;
    for (const [field, col] of Object.entries(HEADER_FIELDS) as [keyof typeof HEADER_FIELDS, string][]) {
      const v = input[field];
      if (v === undefined) continue;
      if (v) {
        const [person] = await tx.select({ id: users.id }).from(users).where(and(
          eq(users.id, v),
          eq(users.isActive, true),
          sql`exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id = ${report.stationId})`,
        ));
        if (!person) throw personNotMember(field, fieldLabel(field), v, report.stationTag);
      }
      set[col] = v || null;
    }
    await tx.update(shiftReports).set({ ...set, modifiedAt: sql`now()`, editedById: viewer.id })
      .where(eq(shiftReports.id, report.id));
  });
  return await reportById(db, viewer, id);
}
