// A change of plain fields only (route, wave, counters, times, ticks: what the floor types all day),
// without a transaction: read the row unlocked (or take it from the row cache), apply the same refusals
// and conflict check as the locking path, then one statement writes the row only if it is still the
// tuple read, and stamps the report.
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { rowsOf } from "../../db/rows.ts";
import type { Db } from "../../db/client.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import type { ShiftRecordDto } from "../dto.ts";
import { recordDto } from "./dto.ts";
import type { RecordPatchInput } from "../inputs.ts";
import type { TrackerViewer } from "./queries.ts";
import { type Locked, readRecord } from "./context.ts";
import { bumpVersions, PLAIN_FIELDS } from "./policy.ts";
import { addTiming, timed } from "../../log/request-context.ts";
import { afterWrite, planChange, refuseConflict, refuseLocked } from "./patch-steps.ts";
import { type CachedRow, cachedRow, forgetRow, keepRow } from "./row-cache.ts";

type WrittenCols = "version" | "fieldVersions" | "updatedAt" | "updatedById";

/** Input fields of the plain path: those written as they come, no transition rule, person or van behind them. */
const PLAIN_INPUT = new Set<string>(Object.keys(PLAIN_FIELDS));
const PLAIN_COLUMNS = new Set<string>(Object.values(PLAIN_FIELDS));
/** Tries of the plain path before it leaves a busy row to the locking path. */
const PLAIN_TRIES = 3;

/**
 * Null: not a plain change (or a row too busy), for the locking path. Someone else's write between the
 * read and the write makes it read again. A row from the cache (row-cache.ts) is only used for a write
 * its xmin guards: any other outcome (a refusal, nothing to change, not plain, a changed row) is judged
 * again on the row read fresh.
 */
export async function patchPlain(
  db: Db,
  viewer: TrackerViewer,
  id: number,
  input: RecordPatchInput,
): Promise<ShiftRecordDto | null> {
  const { version: _, ...fields } = input;
  const named = Object.entries(fields).filter(([, v]) => v !== undefined).map(([k]) => k);
  if (!named.every((k) => PLAIN_INPUT.has(k))) return null;
  const hit = cachedRow(db, viewer, id);
  if (hit) {
    const out = await tryCached(db, viewer, input, hit);
    if (out) return out;
    forgetRow(db, id);
  }
  for (let attempt = 0; attempt < PLAIN_TRIES; attempt++) {
    const read = { locked: await timed("read", () => readRecord(db, viewer, id, false)), readAt: Date.now() };
    const plan = planPlain(read.locked, input);
    if (plan === "locking") return null;
    if (plan.changed.length === 0) {
      keepRow(db, read);
      return recordDto(read.locked.shown, read.locked.view);
    }
    const out = await writePlain(db, viewer, read, plan);
    if (out) return out;
  }
  forgetRow(db, id);
  return null;
}

/** The cached row's write, or null for the fresh path (refusals are judged on the row as it is now). */
async function tryCached(
  db: Db,
  viewer: TrackerViewer,
  input: RecordPatchInput,
  hit: CachedRow,
): Promise<ShiftRecordDto | null> {
  let plan: Plan | "locking";
  try {
    plan = planPlain(hit.locked, input);
  } catch {
    return null;
  }
  if (plan === "locking" || plan.changed.length === 0) return null;
  return await writePlain(db, viewer, hit, plan);
}

interface Plan {
  set: Record<string, unknown>;
  changed: string[];
}

/** The refusals, the conflict check and the columns to write; "locking" when the change is not plain. */
function planPlain(locked: Locked, input: RecordPatchInput): Plan | "locking" {
  const t = performance.now();
  const { version: seen, ...fields } = input;
  refuseLocked(locked);
  if (seen !== undefined) refuseConflict(locked, { ...fields }, seen);
  const { set, next, van } = planChange(locked.row, input);
  addTiming("rules", performance.now() - t);
  const sameDriver = next.driverId !== null && next.driverId === next.secondDriverId;
  if (van.kind !== "none" || sameDriver || !Object.keys(set).every((k) => PLAIN_COLUMNS.has(k))) {
    return "locking";
  }
  const row = locked.row as unknown as Record<string, unknown>;
  return { set, changed: Object.keys(set).filter((k) => row[k] !== set[k]) };
}

/** The guarded write; on success the row as written is kept for the next change, and answered. */
async function writePlain(
  db: Db,
  viewer: TrackerViewer,
  from: CachedRow,
  { set, changed }: Plan,
): Promise<ShiftRecordDto | null> {
  const { locked } = from;
  const written = await timed("write", () => writeIfUnchanged(db, locked, set, changed, viewer.id));
  if (!written) return null;
  const values = Object.fromEntries(changed.map((k) => [k, set[k]]));
  const row = { ...locked.row, ...values, ...written.row };
  const shown = { ...locked.shown, ...values, version: written.row.version };
  keepRow(db, { locked: { ...locked, row, shown, xmin: written.xmin }, readAt: from.readAt });
  return await afterWrite(db, locked, set, { changed, version: written.row.version });
}

/**
 * The row's changed columns with a new version, only if the row is still the tuple read (its xmin: no
 * change by anyone since), and the report stamped. Null when the row has changed meanwhile.
 */
async function writeIfUnchanged(
  db: Db,
  locked: Locked,
  set: Record<string, unknown>,
  changed: string[],
  viewerId: number,
): Promise<{ xmin: string; row: Pick<Locked["row"], WrittenCols> } | null> {
  const { row, report } = locked;
  const version = row.version + 1;
  const cols = shiftRecords as unknown as Record<string, AnyPgColumn>;
  const assign = changed.map((k) => sql`${sql.identifier(cols[k].name)} = ${sql.param(set[k], cols[k])}`);
  const fieldVersions = bumpVersions(row.fieldVersions ?? {}, changed, version);
  const result = await db.execute(sql`
    with written as (
      update ${shiftRecords} set ${sql.join(assign, sql`, `)}, version = ${version},
        field_versions = ${sql.param(fieldVersions, shiftRecords.fieldVersions)},
        updated_at = clock_timestamp(), updated_by_id = ${viewerId}
      where id = ${row.id} and version = ${row.version} and xmin = ${locked.xmin}::xid
      returning xmin::text as xmin, (extract(epoch from updated_at) * 1000)::float8 as updated_ms),
    stamped as (
      update ${shiftReports} set modified_at = now(), edited_by_id = ${viewerId}
      where id = (select id from ${shiftReports} where id = ${report.id} and exists (select 1 from written)
        for no key update skip locked))
    select xmin, updated_ms from written`);
  const [got] = rowsOf<{ xmin: string; updated_ms: number }>(result);
  if (!got) return null;
  return {
    xmin: got.xmin,
    row: { version, fieldVersions, updatedAt: new Date(Number(got.updated_ms)), updatedById: viewerId },
  };
}
