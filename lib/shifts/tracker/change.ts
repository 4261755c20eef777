// What a change means for a tracker row, decided on the row as read: the refusals (row locked, edit
// conflict) and the columns the transition rules turn it into. Both write paths (patch.ts, patch-plain.ts),
// the row mutations and the SMS replies start here.
import type { Locked } from "./context.ts";
import { recordDto } from "./dto.ts";
import type { RecordPatchInput } from "../inputs.ts";
import { applyChange, releasedVan, type RowState, type VanAction } from "../rules.ts";
import { isReleasedRow } from "../calc.ts";
import { conflictingField, PLAIN_FIELDS, plainChanges, rowLockRefusal, toRowChange } from "./policy.ts";
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

/** Role hours as the conflict check compares them: a two-decimal string, or null. */
export function hours(v: unknown): string | null {
  return v === null || v === undefined || v === "" ? null : Number(v).toFixed(2);
}

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

/** The field someone changed since version `seen` to another value than `sent` has, or null. */
export function conflictOf(row: Locked["row"], sent: Record<string, unknown>, seen: number): string | null {
  return conflictingField(sent, currentValues(row), row.fieldVersions ?? {}, seen);
}

/** Why the row is locked to this editor, or null. */
export function lockOf(locked: Pick<Locked, "row" | "report" | "view">): string | null {
  return rowLockRefusal(locked.row, locked.report.reportDate, locked.view.today, locked.view.editor);
}

export function refuseConflict(locked: Locked, sent: Record<string, unknown>, seen: number): void {
  const field = conflictOf(locked.row, sent, seen);
  if (field) {
    // The locked row is the row as it is now: what the editor's screen refreshes to.
    throw editConflict(field, fieldLabel(field), recordDto(locked.shown, locked.view));
  }
}

export function refuseLocked(locked: Locked): void {
  const why = lockOf(locked);
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
