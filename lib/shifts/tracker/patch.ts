// PATCH api/da-daily-report-record/{id}/: one field-level change to one tracker row, in one transaction.
// Order: lock the row, station scope (404), row lock (403), conflicts (409), transition rules (400),
// people and vans (400/404), write with field versions, stamp the report, answer the fresh row.
import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { rowsOf } from "../../db/rows.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import type { ShiftRecordDto } from "../dto.ts";
import { recordDto, type RecordRow } from "./dto.ts";
import type { RecordPatchInput } from "../inputs.ts";
import { applyChange, releasedVan, type RowState, type VanAction } from "../rules.ts";
import { isReleasedRow } from "../calc.ts";
import { PREPARED, recordById, type TrackerViewer } from "./queries.ts";
import { preparedSql } from "../../db/prepared.ts";
import { checkDriver, type Locked, lockRecord, readRecord, touchReport } from "./context.ts";
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
import { addTiming, timed } from "../../log/request-context.ts";
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
  const plain = await patchPlain(db, viewer, id, input);
  if (plain) return plain;
  // Each phase is timed for the request's Server-Timing header (the tracker benchmark reads it); "tx" is
  // the whole transaction, so BEGIN and COMMIT are what it has beyond the phases inside.
  const out = await timed("tx", () =>
    db.transaction(async (tx) => {
      const locked = await timed("lock", () => lockRecord(tx, viewer, id));
      const t = performance.now();
      refuseLocked(locked);
      const { version: seen, ...fields } = input;
      const sent = { ...fields } as Record<string, unknown>;
      if (sent.role_hours !== undefined) sent.role_hours = hours(sent.role_hours);
      // Without a version (the spec's client sends none) the named fields are merged as they come.
      if (seen !== undefined) refuseConflict(locked, sent, seen);
      const { set, next, van } = planChange(locked.row, input);
      addTiming("rules", performance.now() - t);

      await timed("people", async () => {
        await checkPeople(tx, locked, set, next);
        await reclaimHistory(tx, locked, set, next);
      });
      const vansRanOut = await timed("vans", () => settleVan(tx, locked, van, next, set));
      const written = await timed("write", () => writeRow(tx, locked, set, viewer.id));
      return { record: await timed("dto", () => afterWrite(tx, locked, set, written)), vansRanOut };
    }));
  if (out.vansRanOut) throw noFreeVans(out.record);
  return out.record;
}

/** Input fields of the plain path: those written as they come, no transition rule, person or van behind them. */
const PLAIN_INPUT = new Set<string>(Object.keys(PLAIN_FIELDS));
const PLAIN_COLUMNS = new Set<string>(Object.values(PLAIN_FIELDS));
/** Tries of the plain path before it leaves a busy row to the locking path. */
const PLAIN_TRIES = 3;

/**
 * A change of plain fields only (route, wave, counters, times, ticks: what the floor types all day) in two
 * round trips and no transaction: read the row (unlocked), apply the same refusals and conflict check as
 * the locking path, then one statement writes the row only if its version is still the one read, and
 * stamps the report. Someone else's write in between makes it read again. Null: not a plain change (or a
 * row too busy), for the locking path.
 */
async function patchPlain(
  db: Db,
  viewer: TrackerViewer,
  id: number,
  input: RecordPatchInput,
): Promise<ShiftRecordDto | null> {
  const { version: seen, ...fields } = input;
  const named = Object.entries(fields).filter(([, v]) => v !== undefined).map(([k]) => k);
  if (!named.every((k) => PLAIN_INPUT.has(k))) return null;
  for (let attempt = 0; attempt < PLAIN_TRIES; attempt++) {
    const locked = await timed("read", () => readRecord(db, viewer, id, false));
    const t = performance.now();
    refuseLocked(locked);
    if (seen !== undefined) refuseConflict(locked, { ...fields }, seen);
    const { set, next, van } = planChange(locked.row, input);
    addTiming("rules", performance.now() - t);
    const sameDriver = next.driverId !== null && next.driverId === next.secondDriverId;
    if (van.kind !== "none" || sameDriver || !Object.keys(set).every((k) => PLAIN_COLUMNS.has(k))) {
      return null;
    }
    const row = locked.row as unknown as Record<string, unknown>;
    const changed = Object.keys(set).filter((k) => row[k] !== set[k]);
    if (changed.length === 0) return recordDto(locked.shown, locked.view);
    const version = await timed("write", () => writeIfUnchanged(db, locked, set, changed, viewer.id));
    if (version !== null) return await afterWrite(db, locked, set, { changed, version });
  }
  return null;
}

/** The row's changed columns with a new version, only if the row is still at the version read; and the report stamped. */
async function writeIfUnchanged(
  db: Db,
  locked: Locked,
  set: Record<string, unknown>,
  changed: string[],
  viewerId: number,
): Promise<number | null> {
  const { row, report } = locked;
  const version = row.version + 1;
  // One statement per set of columns (what a person types: one or two at a time), prepared once.
  const statement = preparedSql(db, `tracker.write:${changed.join(",")}`, () => {
    const cols = shiftRecords as unknown as Record<string, AnyPgColumn>;
    const assign = changed.map((k) =>
      sql`${sql.identifier(cols[k].name)} = ${sql.param(sql.placeholder(`c_${k}`), cols[k])}`
    );
    return sql`
    with written as (
      update ${shiftRecords} set ${sql.join(assign, sql`, `)}, version = ${sql.placeholder("version")},
        field_versions = ${sql.param(sql.placeholder("fieldVersions"), shiftRecords.fieldVersions)},
        updated_at = clock_timestamp(), updated_by_id = ${sql.placeholder("viewer")}
      where id = ${sql.placeholder("id")} and version = ${sql.placeholder("seen")}
      returning id),
    stamped as (
      update ${shiftReports} set modified_at = now(), edited_by_id = ${sql.placeholder("viewer")}
      where id = (select id from ${shiftReports} where id = ${sql.placeholder("report")}
        and exists (select 1 from written) for no key update skip locked))
    select count(*)::int as n from written`;
  });
  const result = await statement.execute({
    ...Object.fromEntries(changed.map((k) => [`c_${k}`, set[k]])),
    version,
    fieldVersions: bumpVersions(row.fieldVersions ?? {}, changed, version),
    viewer: viewerId,
    id: row.id,
    seen: row.version,
    report: report.id,
  });
  return rowsOf<{ n: number }>(result)[0].n === 1 ? version : null;
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
