// The tracker's plain-field change (route, wave, counters, times, ticks: what the floor types all day),
// without a transaction: decide on the row as read, then one statement writes it only if the row is still
// the one read (its xmin), stamps the report and answers the row as written. The row is read from this
// server's memory when it read or wrote it last (row-cache.ts), and the viewer's session may be checked by
// that same statement (lib/web/endpoint.ts sessionInStatement): then an edit is one round trip. A plain
// write changes no DA, van or scanner, so the answer shows the names as read, unless the names' epoch the
// statement reads back says one of them changed since: then the row is read again.
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import type { ShiftRecordDto } from "../dto.ts";
import { recordDto } from "./dto.ts";
import type { RecordPatchInput } from "../inputs.ts";
import { OWN_FIELDS, PREPARED, type TrackerViewer } from "./queries.ts";
import { NAMES_EPOCH, type ReadRecord, readRecord, type RecordCols, viewFor } from "./context.ts";
import { bumpVersions, PLAIN_FIELDS } from "./policy.ts";
import { conflictOf, lockOf, planChange, refuseConflict, refuseLocked } from "./change.ts";
import { cachedRow, forgetRow, rememberRow } from "./row-cache.ts";
import { addTiming, currentRequest, timed } from "../../log/request-context.ts";
import { type PendingSession, sessionGuard } from "../../auth/session-cache.ts";

/** Input fields of the plain path: those written as they come, no transition rule, person or van behind them. */
const PLAIN_INPUT = new Set<string>(Object.keys(PLAIN_FIELDS));
const PLAIN_COLUMNS = new Set<string>(Object.values(PLAIN_FIELDS));
/** Tries of the plain path before it leaves a busy row to the locking path. */
const PLAIN_TRIES = 3;

/**
 * A change of plain fields only, with the same refusals and conflict check as the locking path. Someone
 * else's write between the read and the write makes it read again. Null: not a plain change (or a row
 * too busy), for the locking path.
 */
export async function patchPlain(
  db: Db,
  viewer: TrackerViewer,
  id: number,
  input: RecordPatchInput,
  session?: PendingSession,
): Promise<ShiftRecordDto | null> {
  const { version: seen, ...fields } = input;
  const named = Object.entries(fields).filter(([, v]) => v !== undefined).map(([k]) => k);
  if (!named.every((k) => PLAIN_INPUT.has(k))) return null;
  const epoch = currentRequest()?.orgEpoch;
  let guess = remembered(db, viewer, id, epoch);
  for (let attempt = 0; attempt < PLAIN_TRIES; attempt++) {
    // A remembered row only ever leads to a write its guard confirms; a refusal, a conflict or a change
    // that writes nothing is decided again on a fresh read.
    const fromMemory = guess !== null && acceptable(guess, fields, seen);
    const locked = fromMemory ? guess! : await timed("read", () => readRecord(db, viewer, id, false));
    guess = null;
    if (!fromMemory) remember(db, id, locked, epoch);
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
    if (changed.length === 0) {
      if (fromMemory) continue;
      return recordDto(locked.shown, locked.view);
    }
    const guard = session && !session.confirmed ? session : undefined;
    const written = await timed("write", () => writeIfUnchanged(db, viewer, locked, set, changed, guard));
    if (written) {
      if (guard) guard.confirmed = true;
      const after = written.namesEpoch === locked.namesEpoch
        ? asWritten(locked, written)
        : await timed("read", () => readRecord(db, viewer, id, false));
      remember(db, id, after, epoch);
      return recordDto(after.shown, after.view);
    }
    // Nothing written: the row moved on, or the session did (then this throws, for the edge to settle).
    await guard?.ensure();
    forgetRow(db, id);
  }
  return null;
}

/** The row this server last read or wrote, as a read would give it. */
function remembered(db: Db, viewer: TrackerViewer, id: number, epoch: string | undefined): ReadRecord | null {
  const hit = cachedRow(db, id, epoch);
  if (!hit) return null;
  const { row, report, shown } = hit.locked;
  return {
    row,
    report,
    shown,
    view: viewFor(viewer, report.reportDate, hit.timeZone),
    xmin: hit.xmin,
    timeZone: hit.timeZone,
    namesEpoch: hit.namesEpoch,
  };
}

/** Whether a remembered row lets the change through: else the refusal is made on a fresh read. */
function acceptable(guess: ReadRecord, fields: Record<string, unknown>, seen: number | undefined): boolean {
  if (lockOf(guess)) return false;
  return seen === undefined || !conflictOf(guess.row, fields, seen);
}

function remember(db: Db, id: number, read: ReadRecord, epoch: string | undefined): void {
  if (epoch === undefined) return;
  rememberRow(db, id, {
    locked: { row: read.row, report: read.report, shown: read.shown },
    namesEpoch: read.namesEpoch,
    xmin: read.xmin,
    timeZone: read.timeZone,
    orgEpoch: epoch,
  });
}

/** The record's row as a plain write left it, and the names' epoch then. */
interface Written {
  row: RecordCols;
  xmin: string;
  namesEpoch: string;
}

/** The row as read, with the record's own columns as written (its names, van and report are as read). */
function asWritten(read: ReadRecord, written: Written): ReadRecord {
  const own = written.row as unknown as Record<string, unknown>;
  const shown = { ...read.shown } as Record<string, unknown>;
  for (const k of OWN_FIELDS) shown[k] = own[k];
  return {
    ...read,
    row: { ...written.row, vanSizeId: read.row.vanSizeId, vanNumber: read.row.vanNumber },
    shown: shown as unknown as ReadRecord["shown"],
    xmin: written.xmin,
  };
}

/**
 * One statement: the row's changed columns with a new version, only if the row is still the one read
 * (xmin) and in the viewer's stations, and (`guard`) only if the viewer's session is still as remembered;
 * the report stamped; the record's row answered with the names' epoch. Null when nothing was written.
 */
async function writeIfUnchanged(
  db: Db,
  viewer: TrackerViewer,
  locked: ReadRecord,
  set: Record<string, unknown>,
  changed: string[],
  guard: PendingSession | undefined,
): Promise<Written | null> {
  const { row, report } = locked;
  const version = row.version + 1;
  // One statement per set of columns (what a person types: one or two at a time), prepared once.
  const statement = preparedOnce(db, `tracker.write:${changed.join(",")}:${guard ? "guarded" : ""}`, () => {
    const cols = shiftRecords as unknown as Record<string, AnyPgColumn>;
    const assign = changed.map((k) =>
      sql`${sql.identifier(cols[k].name)} = ${sql.param(sql.placeholder(`c_${k}`), cols[k])}`
    );
    // Named after the table: the select below then reads the row as written, in the table's columns.
    // (Without RECURSIVE a WITH query does not see its own name, so the update inside still means the
    // table.) The station is looked up by the row's report, not listed: a station has thousands of
    // reports over the years.
    const written = db.$with("shift_records", { id: shiftRecords.id }).as(sql`
      update ${shiftRecords} set ${sql.join(assign, sql`, `)}, version = ${sql.placeholder("version")},
        field_versions = ${sql.param(sql.placeholder("fieldVersions"), shiftRecords.fieldVersions)},
        updated_at = clock_timestamp(), updated_by_id = ${sql.placeholder("viewer")}
      where id = ${sql.placeholder("id")} and xmin = ${sql.placeholder("xmin")}::text::xid
        and (select r.station_id from ${shiftReports} r where r.id = report_id)
          = any(${sql.placeholder("stations")}::int[])
        ${guard ? sql`and ${sessionGuard()}` : sql``}
      returning *, xmin::text as row_xmin`);
    const stamped = db.$with("stamped", { id: shiftReports.id }).as(sql`
      update ${shiftReports} set modified_at = now(), edited_by_id = ${sql.placeholder("viewer")}
      where id = (select id from ${shiftReports} where id = ${sql.placeholder("report")}
        and exists (select 1 from shift_records) for no key update skip locked)
      returning id`);
    return db.with(written, stamped).select({
      row: shiftRecords,
      xmin: sql<string>`${shiftRecords}.row_xmin`,
      namesEpoch: NAMES_EPOCH,
    }).from(shiftRecords).prepare(PREPARED);
  });
  const [found] = await statement.execute({
    ...Object.fromEntries(changed.map((k) => [`c_${k}`, set[k]])),
    version,
    fieldVersions: bumpVersions(row.fieldVersions ?? {}, changed, version),
    viewer: viewer.id,
    id: row.id,
    xmin: locked.xmin,
    stations: viewer.stationIds,
    report: report.id,
    ...guard?.guardValues(),
  }) as Written[];
  return found ?? null;
}
