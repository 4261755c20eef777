// PATCH api/da-daily-report-record/{id}/: one field-level change to one tracker row, in one transaction.
// Order: lock the row, station scope (404), row lock (403), conflicts (409), transition rules (400),
// people and vans (400/404), write with field versions, stamp the report, answer the fresh row.
import { eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { shiftRecords } from "../schema.ts";
import type { ShiftRecordDto } from "../dto.ts";
import { recordDto, type RecordRow } from "./dto.ts";
import type { RecordPatchInput } from "../inputs.ts";
import { applyChange, releasedVan, type RowState, type VanAction } from "../rules.ts";
import { isReleasedRow } from "../calc.ts";
import { PREPARED, recordById, type TrackerViewer } from "./queries.ts";
import { checkDriver, type Locked, lockRecord, touchReport } from "./context.ts";
import {
  bumpVersions,
  conflictingField,
  PLAIN_FIELDS,
  plainChanges,
  rowLockRefusal,
  toRowChange,
} from "./policy.ts";
import { fieldLabel } from "./field-labels.ts";
import { editConflict, noFreeVans, rowLocked, sameDriverTwice, secondDriverOff } from "./errors.ts";
import { assignVan, checkTypedFleetNumber, lockVanDay, vanHolder } from "./vans.ts";

const STATE_KEYS: (keyof RowState)[] = [
  "driverId",
  "secondDriverId",
  "daStatus",
  "secondDaStatus",
  "isStatusPublished",
  "isSecondStatusPublished",
  "role",
  "roleHours",
  "vanId",
  "fleetNumber",
  "cancelledFleetSizeId",
  "rescueGiven",
  "rescue",
];

const hours = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v).toFixed(2));

/** Each field's present value in input terms, for the conflict check. */
function currentValues(row: Locked["row"]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    driver: row.driverId,
    second_driver: row.secondDriverId,
    da_status: row.daStatus,
    second_da_status: row.secondDaStatus,
    role: row.role,
    role_hours: hours(row.roleHours),
    fleet_number: row.fleetNumber,
    fleet_size: isReleasedRow(row) ? row.cancelledFleetSizeId : row.vanSizeId,
    rescue_given: row.rescueGiven,
    rabbit_number: row.rabbitId,
    second_rabbit_number: row.secondRabbitId,
    dolly_number: row.dollyId,
    second_dolly_number: row.secondDollyId,
  };
  for (const [field, col] of Object.entries(PLAIN_FIELDS)) out[field] = (row as Record<string, unknown>)[col];
  return out;
}

/** Writes the changed columns with a new version and stamps the report; null when nothing changed. */
export async function writeRow(
  tx: Queryable,
  locked: Locked,
  set: Record<string, unknown>,
  viewerId: number,
): Promise<{ changed: string[]; version: number } | null> {
  const row = locked.row as unknown as Record<string, unknown>;
  const changed = Object.keys(set).filter((k) => row[k] !== set[k]);
  if (changed.length === 0) return null;
  const version = locked.row.version + 1;
  // Independent statements: sent together, one round trip on PostgreSQL.
  await Promise.all([
    tx.update(shiftRecords).set({
      ...Object.fromEntries(changed.map((k) => [k, set[k]])),
      version,
      fieldVersions: bumpVersions(locked.row.fieldVersions ?? {}, changed, version),
      updatedAt: sql`clock_timestamp()`,
      updatedById: viewerId,
    }).where(eq(shiftRecords.id, locked.row.id)).prepare(PREPARED).execute(),
    touchReport(tx, locked.report.id, viewerId),
  ]);
  return { changed, version };
}

/** Columns whose shown value is the column itself: a write of only these needs no re-read of the joins. */
const REFERENCES = new Set([
  "driverId",
  "secondDriverId",
  "vanId",
  "rabbitId",
  "secondRabbitId",
  "dollyId",
  "secondDollyId",
]);

/** The row as it is after the write: from the locked row when only plain columns changed, else re-read. */
export async function afterWrite(
  tx: Queryable,
  locked: Locked,
  set: Record<string, unknown>,
  written: { changed: string[]; version: number } | null,
): Promise<ShiftRecordDto> {
  if (!written) return recordDto(locked.shown, locked.view);
  if (written.changed.some((k) => REFERENCES.has(k))) return await recordById(tx, locked.row.id, locked.view);
  const plain = Object.fromEntries(written.changed.map((k) => [k, set[k]]));
  return recordDto({ ...locked.shown, ...plain, version: written.version } as RecordRow, locked.view);
}

export function refuseConflict(locked: Locked, sent: Record<string, unknown>, seen: number): void {
  const field = conflictingField(sent, currentValues(locked.row), locked.row.fieldVersions ?? {}, seen);
  if (field) {
    // The locked row is the row as it is now: what the editor's screen refreshes to.
    throw editConflict(field, fieldLabel(field), recordDto(locked.shown, locked.view));
  }
}

export function refuseLocked(locked: Locked): void {
  const why = rowLockRefusal(locked.row, locked.report.reportDate, locked.view.today, locked.view.editor);
  if (why) throw rowLocked(why);
}

export async function patchRecord(
  db: Db,
  viewer: TrackerViewer,
  id: number,
  input: RecordPatchInput,
): Promise<ShiftRecordDto> {
  const out = await db.transaction(async (tx) => {
    const locked = await lockRecord(tx, viewer, id);
    refuseLocked(locked);
    const { version: seen, ...fields } = input;
    const sent = { ...fields } as Record<string, unknown>;
    if (sent.role_hours !== undefined) sent.role_hours = hours(sent.role_hours);
    // Without a version (the spec's client sends none) the named fields are merged as they come.
    if (seen !== undefined) refuseConflict(locked, sent, seen);

    const { set, next, van } = planChange(locked.row, input);
    await checkPeople(tx, locked, set, next);
    await reclaimHistory(tx, locked, set, next);
    const vansRanOut = await settleVan(tx, locked, van, next, set);
    const written = await writeRow(tx, locked, set, viewer.id);
    return { record: await afterWrite(tx, locked, set, written), vansRanOut };
  });
  if (out.vansRanOut) throw noFreeVans(out.record);
  return out.record;
}

/** The transition rules (rules.ts, which refuse with their own codes) turned into the columns to write. */
export function planChange(row: Locked["row"], input: RecordPatchInput) {
  const state = {
    ...Object.fromEntries(STATE_KEYS.map((k) => [k, row[k]])),
    statusAssignedBySms: row.statusAssignedBySms,
  } as unknown as RowState;
  const outcome = applyChange(state, toRowChange(input));
  // A row now cancelled or rejected gives its van back: no van action, its number and size kept as history.
  const released = releasedVan(state, outcome.next, { number: row.vanNumber, fleetSizeId: row.vanSizeId });
  const next: RowState = released ? { ...outcome.next, ...released } : outcome.next;
  const van: VanAction = released ? { kind: "none" } : outcome.van;
  const set: Record<string, unknown> = { ...plainChanges(input) };
  for (const k of STATE_KEYS) if (next[k] !== state[k]) set[k] = next[k];
  return { set, next, van };
}

/**
 * A cancelled row set back (by a user with old-shift access, or an empty row's undo) keeps the fleet
 * number it had as history only while no other row has taken that van or number meanwhile.
 */
async function reclaimHistory(
  tx: Queryable,
  locked: Locked,
  set: Record<string, unknown>,
  next: RowState,
): Promise<void> {
  const { row, report } = locked;
  if (!isReleasedRow(row) || isReleasedRow(next) || !next.fleetNumber || "fleetNumber" in set) return;
  await lockVanDay(tx, report.reportDate);
  if (await vanHolder(tx, report.reportDate, next.fleetNumber, row.id)) set.fleetNumber = null;
}

/** The people and the typed fleet number the change puts on the row: two people, of the station, free. */
async function checkPeople(
  tx: Queryable,
  locked: Locked,
  set: Record<string, unknown>,
  next: RowState,
): Promise<void> {
  const { row, report } = locked;
  if (next.driverId && next.driverId === next.secondDriverId) throw sameDriverTwice();
  if (set.secondDriverId && !report.hasSecondDriver) throw secondDriverOff();
  if (set.driverId) await checkDriver(tx, report, row.id, set.driverId as number, "driver");
  if (set.secondDriverId) {
    await checkDriver(tx, report, row.id, set.secondDriverId as number, "second_driver");
  }
  if (set.fleetNumber) {
    await checkTypedFleetNumber(tx, { recordId: row.id, ...report }, set.fleetNumber as string);
  }
}

/**
 * Clears the van or puts a free van of the asked size on the row (into `set`). True when no van of that
 * size is free: 02 section 8, 'No Free Vans', where the row's van is cleared on the server as on the screen.
 */
async function settleVan(
  tx: Queryable,
  locked: Locked,
  van: VanAction,
  next: RowState,
  set: Record<string, unknown>,
): Promise<boolean> {
  const { row, report } = locked;
  if (van.kind === "clear") set.vanId = null;
  if (van.kind !== "assign") return false;
  const got = await assignVan(tx, {
    recordId: row.id,
    reportDate: report.reportDate,
    stationId: report.stationId,
    driverId: next.driverId,
    currentVanId: row.vanId,
  }, van.fleetSizeId);
  if (got.kind !== "assigned") {
    set.vanId = null;
    return true;
  }
  set.vanId = got.vanId;
  // The van carries the fleet number from now on; a typed one would only contradict it.
  if (got.vanId !== row.vanId && row.fleetNumber) set.fleetNumber = null;
  return false;
}
