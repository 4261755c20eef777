// PATCH api/da-daily-report-record/{id}/: one field-level change to one tracker row, in one transaction.
// Order: lock the row, station scope (404), row lock (403), conflicts (409), transition rules (400),
// people and vans (400/404), write with field versions, stamp the report, answer the fresh row.
import { eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { shiftRecords } from "../schema.ts";
import type { ShiftRecordDto } from "../dto.ts";
import { recordDto, type RecordRow } from "./dto.ts";
import type { RecordPatchInput } from "../inputs.ts";
import type { RowState, VanAction } from "../rules.ts";
import { isReleasedRow } from "../calc.ts";
import { PREPARED, recordById, type TrackerViewer } from "./queries.ts";
import { checkDriver, type Locked, lockRecord, touchReport } from "./context.ts";
import { bumpVersions } from "./policy.ts";
import { hours, planChange, refuseConflict, refuseLocked } from "./change.ts";
import { patchPlain } from "./patch-plain.ts";
import { forgetRow } from "./row-cache.ts";
import type { PendingSession } from "../../auth/session-cache.ts";
import { noFreeVans, sameDriverTwice, secondDriverOff } from "./errors.ts";
import { addTiming, timed } from "../../log/request-context.ts";
import { assignVan, checkTypedFleetNumber, lockVanDay, vanHolder } from "./vans.ts";

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

export async function patchRecord(
  db: Db,
  viewer: TrackerViewer,
  id: number,
  input: RecordPatchInput,
  session?: PendingSession,
): Promise<ShiftRecordDto> {
  const plain = await patchPlain(db, viewer, id, input, session);
  if (plain) return plain;
  // The transaction below writes without the session guard: the session is checked first.
  await session?.ensure();
  // The row this server may remember is about to change under a transaction.
  forgetRow(db, id);
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
