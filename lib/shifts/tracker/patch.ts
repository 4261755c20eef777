// PATCH api/da-daily-report-record/{id}/: one field-level change to one tracker row, in one transaction.
// Order: lock the row, station scope (404), row lock (403), conflicts (409), transition rules (400),
// people and vans (400/404), write with field versions, stamp the report, answer the fresh row.
import { eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { shiftRecords } from "../schema.ts";
import { HttpError } from "../../web/errors.ts";
import type { ShiftRecordDto } from "../dto.ts";
import { type RecordRow, recordDto } from "./dto.ts";
import type { RecordPatchInput } from "../inputs.ts";
import { applyChange, type RowState, RuleError } from "../rules.ts";
import { PREPARED, recordById, type TrackerViewer } from "./queries.ts";
import { checkDriver, type Locked, lockRecord, refuse, touchReport } from "./context.ts";
import {
  bumpVersions,
  conflictingField,
  conflictMessage,
  PLAIN_FIELDS,
  plainChanges,
  rowLockRefusal,
  toRowChange,
} from "./policy.ts";
import { assignVan, checkTypedFleetNumber } from "./vans.ts";

const STATE_KEYS: (keyof RowState)[] = [
  "driverId", "secondDriverId", "daStatus", "secondDaStatus", "isStatusPublished", "isSecondStatusPublished",
  "role", "roleHours", "vanId", "fleetNumber", "cancelledFleetSizeId", "rescueGiven", "rescue",
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
    fleet_size: row.role === 7 || row.role === 9 ? row.cancelledFleetSizeId : row.vanSizeId,
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
const REFERENCES = new Set(["driverId", "secondDriverId", "vanId", "rabbitId", "secondRabbitId", "dollyId", "secondDollyId"]);

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
    throw new HttpError(409, { detail: conflictMessage(field), field, record: recordDto(locked.shown, locked.view) });
  }
}

export function refuseLocked(locked: Locked): void {
  const why = rowLockRefusal(locked.row, locked.report.reportDate, locked.view.today, locked.view.editor);
  if (why) throw refuse(403, why);
}

export async function patchRecord(db: Db, viewer: TrackerViewer, id: number, input: RecordPatchInput): Promise<ShiftRecordDto> {
  const out = await db.transaction(async (tx) => {
    const locked = await lockRecord(tx, viewer, id);
    const { row, report } = locked;
    refuseLocked(locked);
    const { version: seen, ...fields } = input;
    const sent = { ...fields } as Record<string, unknown>;
    if (sent.role_hours !== undefined) sent.role_hours = hours(sent.role_hours);
    refuseConflict(locked, sent, seen);

    const state = Object.fromEntries(STATE_KEYS.map((k) => [k, row[k]])) as unknown as RowState;
    let outcome;
    try {
      outcome = applyChange(state, toRowChange(input));
    } catch (e) {
      if (e instanceof RuleError) throw refuse(400, e.message, e.field);
      throw e;
    }
    const next = outcome.next;
    const set: Record<string, unknown> = { ...plainChanges(input) };
    for (const k of STATE_KEYS) if (next[k] !== state[k]) set[k] = next[k];

    if (next.driverId && next.driverId === next.secondDriverId) {
      throw refuse(400, "The DA and DA 2 of a row must be two different people.", "driver");
    }
    if (set.secondDriverId && !report.hasSecondDriver) {
      throw refuse(400, "Turn on DA 2 for this report (Add DA 2) before choosing a second DA.", "second_driver");
    }
    if (set.driverId) await checkDriver(tx, report, row.id, set.driverId as number, "driver");
    if (set.secondDriverId) await checkDriver(tx, report, row.id, set.secondDriverId as number, "second_driver");
    if (set.fleetNumber) {
      await checkTypedFleetNumber(tx, { recordId: row.id, ...report }, set.fleetNumber as string);
    }

    let noFreeVans = false;
    if (outcome.van.kind === "clear") set.vanId = null;
    if (outcome.van.kind === "assign") {
      const got = await assignVan(tx, {
        recordId: row.id,
        reportDate: report.reportDate,
        stationId: report.stationId,
        driverId: next.driverId,
        currentVanId: row.vanId,
      }, outcome.van.fleetSizeId);
      if (got.kind === "assigned") {
        set.vanId = got.vanId;
        // The van carries the fleet number from now on; a typed one would only contradict it.
        if (got.vanId !== row.vanId && row.fleetNumber) set.fleetNumber = null;
      } else {
        // 02 section 8, 'No Free Vans': the row's van is cleared, on the server as on the screen.
        set.vanId = null;
        noFreeVans = true;
      }
    }
    const written = await writeRow(tx, locked, set, viewer.id);
    return { record: await afterWrite(tx, locked, set, written), noFreeVans };
  });
  if (out.noFreeVans) {
    throw new HttpError(404, { detail: "No free vans!", fleet_size: ["No free vans!"], record: out.record });
  }
  return out.record;
}
