// POST api/upload-xlsx-shift-data/: the day's routes file fills or updates the report's rows (route, wave,
// van size, DA; packages from the 'Day of Plan' variant). Rows that cannot be placed are listed with the
// reason and not written; everything else is written in ONE transaction, or nothing is. The file is kept
// (uploads, kind 'shift-xlsx') when it changed something; the same file again changes nothing.
import { eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { shiftRecords } from "./schema.ts";
import { formatDate } from "../dates/format.ts";
import { keepUpload, type UploadedFile } from "../uploads/guard.ts";
import { rowsOf } from "../db/rows.ts";
import { applyChange, type RowChange, type RowState } from "./rules.ts";
import { RuleError } from "./errors.ts";
import { reportClosed, uploadDateMismatch } from "./tracker/errors.ts";
import { scopedReport, touchReport, viewOf } from "./tracker/context.ts";
import { blankRecord } from "./tracker/mutations.ts";
import { reportClosedRefusal, rowLockRefusal } from "./tracker/policy.ts";
import { lockVanDay } from "./tracker/vans.ts";
import type { TrackerViewer } from "./tracker/queries.ts";
import { parseShiftXlsx, type RowNote } from "./shift-xlsx.ts";
import { matchDas, type MatchedRow, placeRows, type PlanOp } from "./shift-upload-plan.ts";
import { allocateVans, intArray, lockRows, type Row, stationDas, writeRows } from "./shift-upload-db.ts";
import { nothingPlaced } from "./shift-upload-errors.ts";

export { shiftUploadFields } from "./inputs.ts";

export const UPLOAD_SUCCESS = "Xlsx file was uploaded!";
export const UPLOAD_KIND = "shift-xlsx";

export interface ShiftUploadResult {
  detail: string;
  upload_id: number | null;
  /** Existing rows changed (blank rows filled included). */
  updated: number;
  /** Rows added at the end of the report. */
  created: number;
  /** File rows placed on a row that already said the same. */
  unchanged: number;
  unmatched: RowNote[];
  warnings: RowNote[];
}

// deno-fmt-ignore
const STATE_KEYS: (keyof RowState)[] = [
  "driverId", "secondDriverId", "daStatus", "secondDaStatus", "isStatusPublished", "isSecondStatusPublished",
  "role", "roleHours", "vanId", "fleetNumber", "cancelledFleetSizeId", "rescueGiven", "rescue",
];
const byRow = (a: RowNote, b: RowNote) => a.row - b.row;

type UploadInput = { report: number; shiftDate: string; file: UploadedFile };

/** The report in the viewer's stations, for the file's date, open to the viewer's changes. */
async function reportForUpload(q: Queryable, viewer: TrackerViewer, input: UploadInput) {
  const report = await scopedReport(q, viewer, input.report);
  if (input.shiftDate !== report.reportDate) {
    throw uploadDateMismatch(formatDate(input.shiftDate), formatDate(report.reportDate));
  }
  const view = await viewOf(q, viewer, report.reportDate);
  const closed = reportClosedRefusal(report.reportDate, view.today, view.editor);
  if (closed) throw reportClosed(closed);
  return { report, view };
}
type UploadReport = Awaited<ReturnType<typeof reportForUpload>>["report"];

/** The tracker's DA check takes the same per-DA locks: an editor choosing one of these DAs waits. */
async function lockDrivers(tx: Queryable, reportId: number, matched: MatchedRow[]) {
  const daIds = matched.map((m) => m.driverId).sort((a, b) => a - b);
  if (!daIds.length) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('shift-driver:' || ${reportId}::int || ':' || d))
    from unnest(${intArray(daIds)}::int[]) as d`,
  );
}

/**
 * New rows at the end of the report for the file rows that found no row: blank rows (as Add New Record
 * makes them) in one statement, then written like the others. Returns the new rows' ids.
 */
async function addRowsForHomeless(
  tx: Queryable,
  viewerId: number,
  report: UploadReport,
  ops: PlanOp[],
  rows: Row[],
): Promise<Set<number>> {
  const homeless = ops.filter((o) => o.recordId === null);
  const newIds = new Set<number>();
  if (!homeless.length) return newIds;
  const blank = blankRecord({ id: report.id, reportDate: report.reportDate });
  const made = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into ${shiftRecords}
      (report_id, report_date, role, role_hours, updated_by_id)
    select ${blank.reportId}::int, ${blank.reportDate}::date, ${blank.role}::int, ${blank.roleHours}::numeric, ${viewerId}::int
    from generate_series(1, ${homeless.length}::int) order by 1 returning id`),
  ).map((r) => r.id).sort((a, b) => a - b);
  const [template] = await tx.select().from(shiftRecords).where(eq(shiftRecords.id, made[0]));
  homeless.forEach((op, k) => {
    op.recordId = made[k];
    newIds.add(made[k]);
    rows.push({ ...template, id: made[k], vanSizeId: null });
  });
  return newIds;
}

interface PlannedChange {
  op: PlanOp;
  row: Row;
  /** The columns to write (property names of the row). */
  set: Record<string, unknown>;
  /** The van size the row now needs a van of, or null. */
  vanSize: number | null;
}

/** The transition rules of 02 section 4, as a PATCH of the DA and the van size would apply them. */
function ruleChanges(ops: PlanOp[], rowById: Map<number, Row>, fileName: string): PlannedChange[] {
  return ops.map((op) => {
    const row = rowById.get(op.recordId!)!;
    const f = op.match.file;
    const state = Object.fromEntries(STATE_KEYS.map((k) => [k, row[k]])) as unknown as RowState;
    const change: RowChange = { driverId: op.match.driverId };
    if (f.fleetSizeId && !(row.vanId && row.vanSizeId === f.fleetSizeId)) change.fleetSizeId = f.fleetSizeId;
    let outcome;
    try {
      outcome = applyChange(state, change);
    } catch (e) {
      if (e instanceof RuleError) throw e.at(`Row ${f.row} of ${fileName} (route ${f.route})`);
      throw e;
    }
    const set: Record<string, unknown> = { route: f.route };
    for (const k of STATE_KEYS) if (outcome.next[k] !== state[k]) set[k] = outcome.next[k];
    if (f.waveTime) set.waveTime = f.waveTime;
    if (f.packages !== null) set.numberOfPackages = f.packages;
    return { op, row, set, vanSize: outcome.van.kind === "assign" ? outcome.van.fleetSizeId : null };
  });
}

/**
 * Free vans for the rows that need one (warnings for sizes with none left). Vans that move between rows of
 * this upload are let go first: the one-van-a-day index checks each statement. Returns the rows let go.
 */
async function assignVans(
  tx: Queryable,
  report: UploadReport,
  changes: PlannedChange[],
  warnings: RowNote[],
): Promise<Set<number>> {
  const needing = changes.filter((c) => c.vanSize !== null);
  const needs = needing.map((c) => ({
    recordId: c.row.id,
    driverId: c.op.match.driverId,
    size: c.vanSize!,
    route: c.op.match.file.route,
    row: c.op.match.file.row,
  }));
  const releasing = needing.filter((c) => c.row.vanId !== null).map((c) => c.row.id);
  const vansFor = await allocateVans(tx, { ...report, date: report.reportDate }, needs, releasing, warnings);
  for (const c of changes) {
    if (!vansFor.has(c.row.id)) continue;
    c.set.vanId = vansFor.get(c.row.id);
    if (c.set.vanId && c.row.fleetNumber) c.set.fleetNumber = null;
  }
  if (releasing.length) {
    await tx.execute(
      sql`update ${shiftRecords} set van_id = null where id = any(${intArray(releasing)}::int[])`,
    );
  }
  return new Set(releasing);
}

/** Writes the rows that change (a van let go above is written back even when it is the same one); counts them. */
async function writeChanges(
  tx: Queryable,
  changes: PlannedChange[],
  released: Set<number>,
  newIds: Set<number>,
  viewerId: number,
) {
  let updated = 0, created = 0, unchanged = 0;
  const writes = changes.flatMap((c) => {
    const before = c.row as unknown as Record<string, unknown>;
    const cols = Object.keys(c.set).filter((k) => before[k] !== c.set[k]);
    if (released.has(c.row.id) && !cols.includes("vanId")) cols.push("vanId");
    if (!cols.length) {
      unchanged++;
      return [];
    }
    if (newIds.has(c.row.id)) created++;
    else updated++;
    return [{ c, cols }];
  });
  await writeRows(tx, writes, viewerId);
  return { updated, created, unchanged };
}

/** Uploads the routes file onto the report. Refusals name what is wrong; nothing is written then. */
export async function uploadShiftXlsx(
  db: Db,
  viewer: TrackerViewer,
  input: UploadInput,
): Promise<ShiftUploadResult> {
  const { file } = input;
  await reportForUpload(db, viewer, input);
  // The file is read before the transaction opens: a bad file is the file's fault and holds no locks.
  const parsed = await parseShiftXlsx(file.bytes, file.fileName);

  return await db.transaction(async (tx) => {
    const { report, view } = await reportForUpload(tx, viewer, input);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shift-upload:${report.id}`}))`);
    const rows = await lockRows(tx, report.id);
    const das = matchDas(parsed.rows, await stationDas(tx, report.stationId), report.stationTag);
    await lockDrivers(tx, report.id, das.matched);
    await lockVanDay(tx, report.reportDate);
    const plan = placeRows(
      das.matched,
      rows.map((r) => ({
        id: r.id,
        route: r.route,
        driverId: r.driverId,
        secondDriverId: r.secondDriverId,
        locked: rowLockRefusal(r, report.reportDate, view.today, view.editor),
      })),
    );
    const unmatched = [...parsed.rejected, ...das.unmatched, ...plan.unmatched].sort(byRow);
    const warnings = [...parsed.warnings];
    if (!plan.ops.length) throw nothingPlaced(file.fileName, unmatched, warnings);

    const newIds = await addRowsForHomeless(tx, viewer.id, report, plan.ops, rows);
    const changes = ruleChanges(plan.ops, new Map(rows.map((r) => [r.id, r])), file.fileName);
    const released = await assignVans(tx, report, changes, warnings);
    const counts = await writeChanges(tx, changes, released, newIds, viewer.id);
    unmatched.sort(byRow);
    warnings.sort(byRow);
    if (!counts.updated && !counts.created) {
      return { detail: UPLOAD_SUCCESS, upload_id: null, ...counts, unmatched, warnings };
    }
    await touchReport(tx, report.id, viewer.id);
    const kept = await keepUpload(tx, {
      kind: UPLOAD_KIND,
      fileName: file.fileName,
      contentType: file.contentType,
      bytes: file.bytes,
      uploadedById: viewer.id,
      stationId: report.stationId,
      meta: {
        report: report.id,
        shift_date: report.reportDate,
        variant: parsed.variant,
        ...counts,
        unmatched: unmatched.length,
      },
    });
    return { detail: UPLOAD_SUCCESS, upload_id: kept.id, ...counts, unmatched, warnings };
  });
}
