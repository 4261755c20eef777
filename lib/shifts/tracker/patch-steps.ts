// The steps every tracker row write shares (PATCH's locking and plain paths, the row actions, SMS
// replies): the row lock and conflict refusals, the transition rules turned into columns, the write with
// field versions, and the row as it is after the write.
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { shiftRecords } from "../schema.ts";
import type { ShiftRecordDto } from "../dto.ts";
import { recordDto, type RecordRow } from "./dto.ts";
import type { RecordPatchInput } from "../inputs.ts";
import { applyChange, releasedVan, type RowState, type VanAction } from "../rules.ts";
import { isReleasedRow } from "../calc.ts";
import { PREPARED, recordById } from "./queries.ts";
import { type Locked, touchReport } from "./context.ts";
import {
  bumpVersions,
  conflictingField,
  PLAIN_FIELDS,
  plainChanges,
  rowLockRefusal,
  toRowChange,
} from "./policy.ts";
import { fieldLabel } from "./field-labels.ts";
import { editConflict, rowLocked } from "./errors.ts";

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

export const hours = (
  v: unknown,
) => (v === null || v === undefined || v === "" ? null : Number(v).toFixed(2));

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
