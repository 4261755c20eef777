// Van assignment for one tracker row (02: fleet size -> van). A van serves one row a day: the partial
// unique index shift_records_van_per_day is the final word, so two editors racing for the last van never
// both get it; the loser tries the next free van, and only when every candidate was taken meanwhile is
// the write refused with the 'Duplicate Vans' message.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { shiftRecords } from "../schema.ts";
import { users, vans } from "../../org/schema.ts";
import { invalidField } from "../../errors.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { rowsOf } from "../../db/rows.ts";
import { formatDate, weekdayAbbrev } from "../../dates/format.ts";
import { vansByNumber } from "../../vans/queries.ts";
import { vanTaken } from "./errors.ts";
import { RELEASING_ROLES } from "../calc.ts";

/**
 * SQL: the record aliased `r` still holds its typed fleet number. A cancelled or rejected row (calc.ts
 * isReleasedRow) keeps the number only as history, so the van is free for other rows that day.
 */
export const holdsFleetNumber = (r: string) =>
  sql.raw(`(${r}.role not in (${RELEASING_ROLES.join(", ")}) and ${r}.da_status not in (2, 3))`);

/** How many free vans one assignment tries before giving up on a race. */
const CANDIDATES = 5;

/**
 * Serialises van choices of one day (assignments and typed fleet numbers) until the transaction ends:
 * the typed-number check has no index behind it, and the free-van search then sees the winner's row.
 */
export async function lockVanDay(tx: Queryable, reportDate: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"shift-vans:" + reportDate}))`);
}

export interface AssignTarget {
  recordId: number;
  reportDate: string;
  stationId: number;
  driverId: number | null;
  currentVanId: number | null;
}

/**
 * Free vans of a size at the station that day, best first: the row's own van if it already has that
 * size, then the van this driver had most recently, then by number. Free = Available (status 1), not on
 * another row that day, and not typed as another row's fleet number that day.
 */
export async function freeVans(db: Queryable, t: AssignTarget, fleetSizeId: number, limit = CANDIDATES) {
  const [currentVan, driver] = [t.currentVanId ?? -1, t.driverId ?? -1];
  const result = await db.execute(sql`
    select v.id, v.number
    from ${vans} v
    where v.station_id = ${t.stationId} and v.fleet_size_id = ${fleetSizeId} and v.status = 1
      and not exists (select 1 from ${shiftRecords} r where r.report_date = ${t.reportDate}
        and r.id <> ${t.recordId}
        and (r.van_id = v.id or (upper(r.fleet_number) = upper(v.number) and ${holdsFleetNumber("r")})))
    order by (v.id = ${currentVan}) desc,
      (select max(h.report_date) from ${shiftRecords} h
        where h.van_id = v.id and h.driver_id = ${driver} and h.report_date < ${t.reportDate}) desc nulls last,
      v.number, v.id
    limit ${limit}`);
  return rowsOf<{ id: number; number: string }>(result);
}

/** Who holds a van (or a typed fleet number) that day: for the 'Duplicate Vans' message. */
export async function vanHolder(
  db: Queryable,
  reportDate: string,
  vanNumber: string,
  exceptRecordId: number,
) {
  const [row] = await db.select({
    recordId: shiftRecords.id,
    route: shiftRecords.route,
    firstName: users.firstName,
    lastName: users.lastName,
  }).from(shiftRecords)
    .leftJoin(vans, eq(vans.id, shiftRecords.vanId))
    .leftJoin(users, eq(users.id, shiftRecords.driverId))
    .where(and(
      eq(shiftRecords.reportDate, reportDate),
      ne(shiftRecords.id, exceptRecordId),
      sql`(upper(${vans.number}) = upper(${vanNumber})
        or (upper(${shiftRecords.fleetNumber}) = upper(${vanNumber}) and ${
        holdsFleetNumber("shift_records")
      }))`,
    )).limit(1);
  return row;
}

/** Names the shift's day, not "today": a dispatcher often plans tomorrow's report (issue 14). */
export function duplicateVanMessage(
  vanNumber: string,
  holder: { route: string | null; firstName: string | null; lastName: string | null } | undefined,
  reportDate: string,
): string {
  const who = holder?.firstName || holder?.lastName
    ? `${holder.firstName ?? ""} ${holder.lastName ?? ""}`.trim()
    : "a row without a DA";
  const route = holder?.route ? ` on route ${holder.route}` : "";
  return `Van ${vanNumber} is already assigned to ${who}${route} on ${weekdayAbbrev(reportDate)} ${
    formatDate(reportDate)
  }.`;
}

export async function duplicateVanError(
  db: Queryable,
  reportDate: string,
  vanNumber: string,
  recordId: number,
) {
  return vanTaken(
    "van",
    duplicateVanMessage(vanNumber, await vanHolder(db, reportDate, vanNumber, recordId), reportDate),
  );
}

export type AssignResult = { kind: "assigned"; vanId: number; number: string } | { kind: "none" };

/**
 * Puts a free van of the size on the row, inside the caller's transaction. Each try runs in a savepoint,
 * so a unique-index violation (another editor took that van a moment ago) leaves the transaction usable
 * and the next candidate is tried.
 */
export async function assignVan(tx: Queryable, t: AssignTarget, fleetSizeId: number): Promise<AssignResult> {
  await lockVanDay(tx, t.reportDate);
  const candidates = await freeVans(tx, t, fleetSizeId);
  if (candidates.length === 0) return { kind: "none" };
  if (candidates[0].id === t.currentVanId) {
    return { kind: "assigned", vanId: candidates[0].id, number: candidates[0].number };
  }
  let lost: string | null = null;
  for (const van of candidates) {
    try {
      await tx.transaction(async (sp) => {
        await sp.update(shiftRecords).set({ vanId: van.id }).where(eq(shiftRecords.id, t.recordId));
      });
      return { kind: "assigned", vanId: van.id, number: van.number };
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      lost = van.number;
    }
  }
  throw await duplicateVanError(tx, t.reportDate, lost!, t.recordId);
}

/**
 * A typed fleet number (for a row without a van) must not be a van of another station, nor a van or
 * fleet number already on another row that day.
 */
export async function checkTypedFleetNumber(
  tx: Queryable,
  t: { recordId: number; reportDate: string; stationId: number; stationTag: string },
  fleetNumber: string,
): Promise<void> {
  await lockVanDay(tx, t.reportDate);
  const [van] = await vansByNumber(tx, [fleetNumber]);
  if (van && van.stationId !== null && van.stationId !== t.stationId) {
    throw invalidField(
      "fleet_number",
      `Van ${van.number} belongs to another station, not to ${t.stationTag}.`,
    );
  }
  const holder = await vanHolder(tx, t.reportDate, fleetNumber, t.recordId);
  if (holder) {
    throw vanTaken("fleet_number", duplicateVanMessage(van?.number ?? fleetNumber, holder, t.reportDate));
  }
}
