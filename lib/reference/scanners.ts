// Rabbit and dolly scanners (02 section 3: id, serial_number, station, status 1 = available). The serial
// number is unique per kind; every read and write is scoped to the viewer's stations.
import { and, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "../db/client.ts";
import { scanners, stations } from "../org/schema.ts";
import { notFound } from "../errors.ts";
import type { Paged } from "../paging/query.ts";
import type { scannerInput, scannerPatch } from "./inputs.ts";
import {
  countOf,
  deleteUnreferenced,
  like,
  ordering,
  paged,
  type ReferenceListQuery,
  type RefViewer,
  uniqueOr,
} from "./helpers.ts";
import { scannerSerialTaken, scannerStationNotYours } from "./errors.ts";

export interface ScannerDto {
  id: number;
  kind: "rabbit" | "dolly";
  serial_number: string;
  station: { id: number; title: string; tag: string };
  /** 1 available, 0 unavailable. */
  status: number;
}

const inMine = (v: RefViewer) => inArray(scanners.stationId, v.stationIds.length ? [...v.stationIds] : [-1]);

function select(db: Queryable) {
  return db.select({ s: scanners, title: stations.title, tag: stations.tag }).from(scanners)
    .innerJoin(stations, eq(stations.id, scanners.stationId));
}
type Row = { s: typeof scanners.$inferSelect; title: string; tag: string };
const dto = (r: Row): ScannerDto => ({
  id: r.s.id,
  kind: r.s.kind,
  serial_number: r.s.serialNumber,
  station: { id: r.s.stationId, title: r.title, tag: r.tag },
  status: r.s.status,
});

async function find(db: Queryable, v: RefViewer, id: number): Promise<Row> {
  const [row] = await select(db).where(and(eq(scanners.id, id), inMine(v)));
  if (!row) throw notFound("Scanner not found.");
  return row;
}

export async function listScanners(
  db: Queryable,
  v: RefViewer,
  q: ReferenceListQuery,
): Promise<Paged<ScannerDto>> {
  const where: SQL[] = [inMine(v)];
  if (q.station) where.push(eq(scanners.stationId, q.station));
  if (q.kind) where.push(eq(scanners.kind, q.kind));
  if (q.search) where.push(ilike(scanners.serialNumber, like(q.search)));
  const cond = and(...where);
  const order = ordering(
    q,
    {
      serial_number: sql`lower(${scanners.serialNumber})`,
      kind: scanners.kind,
      station: stations.tag,
      status: scanners.status,
      id: scanners.id,
    },
    "serial_number",
    scanners.id,
  );
  return await paged(
    db.select({ count: countOf }).from(scanners).innerJoin(stations, eq(stations.id, scanners.stationId))
      .where(cond),
    (limit, off) => select(db).where(cond).orderBy(...order).limit(limit).offset(off),
    q,
    dto,
  );
}

async function assertSerialFree(
  db: Queryable,
  kind: "rabbit" | "dolly",
  serial: string,
  exceptId: number | null,
) {
  const hit = await db.select({ id: scanners.id }).from(scanners).where(and(
    eq(scanners.kind, kind),
    eq(sql`lower(${scanners.serialNumber})`, serial.toLowerCase()),
    exceptId ? ne(scanners.id, exceptId) : undefined,
  ));
  if (hit.length) throw scannerSerialTaken(kind, serial);
}

function checkStation(v: RefViewer, station: number | undefined) {
  if (station !== undefined && !v.stationIds.includes(station)) {
    throw scannerStationNotYours();
  }
}

export async function createScanner(
  db: Db,
  v: RefViewer,
  input: z.infer<typeof scannerInput>,
): Promise<ScannerDto> {
  checkStation(v, input.station);
  await assertSerialFree(db, input.kind, input.serial_number, null);
  const [row] = await uniqueOr(
    () =>
      db.insert(scanners).values({
        kind: input.kind,
        serialNumber: input.serial_number,
        stationId: input.station,
        status: input.status,
      }).returning({ id: scanners.id }),
    () => scannerSerialTaken(input.kind, input.serial_number),
  );
  return dto(await find(db, v, row.id));
}

export async function updateScanner(
  db: Db,
  v: RefViewer,
  id: number,
  input: z.infer<typeof scannerPatch>,
): Promise<ScannerDto> {
  const current = await find(db, v, id);
  checkStation(v, input.station);
  const kind = input.kind ?? current.s.kind;
  const serial = input.serial_number ?? current.s.serialNumber;
  if (input.kind !== undefined || input.serial_number !== undefined) {
    await assertSerialFree(db, kind, serial, id);
  }
  const set: Partial<typeof scanners.$inferInsert> = {};
  if (input.kind !== undefined) set.kind = input.kind;
  if (input.serial_number !== undefined) set.serialNumber = input.serial_number;
  if (input.station !== undefined) set.stationId = input.station;
  if (input.status !== undefined) set.status = input.status;
  if (Object.keys(set).length) {
    await uniqueOr(
      () => db.update(scanners).set(set).where(eq(scanners.id, id)),
      () => scannerSerialTaken(kind, serial),
    );
  }
  return dto(await find(db, v, id));
}

export async function deleteScanner(db: Db, v: RefViewer, id: number): Promise<{ detail: string }> {
  const row = await find(db, v, id);
  return await deleteUnreferenced({
    db,
    table: scanners,
    tableName: "scanners",
    idColumn: scanners.id,
    id,
    what: `${row.s.kind} scanner ${row.s.serialNumber}`,
  });
}
