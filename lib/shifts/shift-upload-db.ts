// The database half of the routes-file upload (lib/shifts/shift-upload.ts): the station's DAs, the
// report's rows locked for the write, the day's free vans, and the one UPDATE that writes every row.
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { shiftRecords } from "./schema.ts";
import { fleetSizes, stationSpots, users } from "../org/schema.ts";
import { rowsOf } from "../db/rows.ts";
import { bumpVersions } from "./tracker/policy.ts";
import { holdsFleetNumber } from "./tracker/vans.ts";
import type { RowNote } from "./shift-xlsx.ts";
import type { StationDa } from "./shift-upload-plan.ts";

export type Row = typeof shiftRecords.$inferSelect & { vanSizeId: number | null };

/** A Postgres int[] literal, passed as one parameter. */
export const intArray = (ids: number[]) => `{${ids.join(",")}}`;

/** DAs (role 5, any status) with a spot at the station: the people a file row may name. */
export async function stationDas(tx: Queryable, stationId: number): Promise<StationDa[]> {
  return await tx.select({
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    transporterId: users.transporterId,
    status: users.status,
  }).from(users).where(sql`${users.role} = 5 and exists (select 1 from ${stationSpots} s
    where s.user_id = ${users.id} and s.station_id = ${stationId})`).orderBy(asc(users.id));
}

/** The report's rows FOR UPDATE, in the tracker's order, each with its van's size. */
export async function lockRows(tx: Queryable, reportId: number): Promise<Row[]> {
  const found = await tx.select({
    row: shiftRecords,
    vanSizeId: sql<number | null>`(select v.fleet_size_id from vans v where v.id = ${shiftRecords.vanId})`,
  }).from(shiftRecords).where(eq(shiftRecords.reportId, reportId))
    .orderBy(asc(shiftRecords.createdAt), asc(shiftRecords.id)).for("update", { of: shiftRecords });
  return found.map((f) => ({ ...f.row, vanSizeId: f.vanSizeId ?? null }));
}

export interface VanNeed {
  recordId: number;
  driverId: number;
  size: number;
  route: string;
  row: number;
}

/**
 * Free vans for the rows that need one, all at once (the day's van lock is held): Available vans of the
 * station and size, on no other row that day and not typed as another row's fleet number. A DA gets the
 * van they drove last when it is free, else the lowest free number.
 */
export async function allocateVans(
  tx: Queryable,
  ctx: { stationId: number; stationTag: string; date: string },
  needs: VanNeed[],
  releasing: number[],
  warnings: RowNote[],
) {
  const out = new Map<number, number | null>();
  if (!needs.length) return out;
  const rowIds = intArray(needs.map((n) => n.recordId));
  const sizeIds = intArray([...new Set(needs.map((n) => n.size))]);
  const driverIds = intArray(needs.map((n) => n.driverId));
  const [pool, last, sizes] = await Promise.all([
    tx.execute(sql`select v.id, v.number, v.fleet_size_id as size from vans v
      where v.station_id = ${ctx.stationId} and v.status = 1 and v.fleet_size_id = any(${sizeIds}::int[])
        and not exists (select 1 from ${shiftRecords} r where r.report_date = ${ctx.date} and r.van_id = v.id
          and r.id <> all(${intArray(releasing)}::int[]))
        and not exists (select 1 from ${shiftRecords} r where r.report_date = ${ctx.date}
          and upper(r.fleet_number) = upper(v.number) and ${holdsFleetNumber("r")}
          and r.id <> all(${rowIds}::int[]))
      order by v.number, v.id`),
    tx.execute(sql`select distinct on (driver_id) driver_id, van_id from ${shiftRecords}
      where driver_id = any(${driverIds}::int[]) and report_date < ${ctx.date} and van_id is not null
      order by driver_id, report_date desc`),
    tx.select().from(fleetSizes),
  ]);
  const free = rowsOf<{ id: number; number: string; size: number }>(pool);
  const lastVan = new Map(
    rowsOf<{ driver_id: number; van_id: number }>(last).map((r) => [r.driver_id, r.van_id]),
  );
  for (const n of needs) {
    const at = free.findIndex((v) => v.size === n.size && v.id === lastVan.get(n.driverId));
    const i = at >= 0 ? at : free.findIndex((v) => v.size === n.size);
    if (i < 0) {
      const title = sizes.find((s) => s.id === n.size)?.title ?? `size ${n.size}`;
      warnings.push({
        row: n.row,
        reason: `Route ${n.route}: no free ${title} at ${ctx.stationTag}; the row has no van yet.`,
      });
      out.set(n.recordId, null);
    } else {
      out.set(n.recordId, free[i].id);
      free.splice(i, 1);
    }
  }
  return out;
}

/**
 * Every changed row in one UPDATE (json_populate_recordset): each row gets its new values, a new version
 * and the field versions of the columns that changed, as a tracker PATCH would write them.
 */
export async function writeRows(
  tx: Queryable,
  writes: { c: { row: Row; set: Record<string, unknown> }; cols: string[] }[],
  viewerId: number,
) {
  if (!writes.length) return;
  const columns = getTableColumns(shiftRecords);
  const keys = [...new Set(writes.flatMap((w) => w.cols))];
  const data = writes.map(({ c, cols }) => {
    const version = c.row.version + 1;
    const out: Record<string, unknown> = {
      id: c.row.id,
      version,
      field_versions: bumpVersions(c.row.fieldVersions ?? {}, cols, version),
      updated_by_id: viewerId,
    };
    for (const k of keys) {
      out[columns[k as keyof typeof columns].name] = k in c.set
        ? c.set[k]
        : (c.row as unknown as Record<string, unknown>)[k];
    }
    return out;
  });
  const assign = keys.map((k) =>
    `"${columns[k as keyof typeof columns].name}" = x."${columns[k as keyof typeof columns].name}"`
  ).join(", ");
  await tx.execute(sql`update ${shiftRecords} as r set ${sql.raw(assign)}, version = x.version,
      field_versions = x.field_versions, updated_at = clock_timestamp(), updated_by_id = x.updated_by_id
    from json_populate_recordset(null::shift_records, ${JSON.stringify(data)}::json) as x where r.id = x.id`);
}
