// GET api/rabbit-number/ and api/dolly-number/ (02 section 7): the tracker's serial pickers, read with
// page_size 1000, station and status 1 (available). Scoped to the viewer's stations in the SQL; a station
// of someone else's is simply empty, as every scoped list is.
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "../db/client.ts";
import { scanners, stations } from "../org/schema.ts";
import type { Paged } from "../paging/query.ts";
import { dbIdQuery, queryInt } from "../inputs/fields.ts";
import type { RefViewer } from "./helpers.ts";
import type { ScannerDto } from "./scanners.ts";

const blank = z.literal("").transform(() => undefined);

export const scannerLookupQuery = z.object({
  page: queryInt(1, 2_147_483_647, "Not valid: a page number from 1").default(1),
  page_size: queryInt(1, 1000, "Not valid: 1 to 1000").default(1000),
  station: dbIdQuery("Not valid: a station id").optional().or(blank),
  status: z.enum(["0", "1"], { error: "Not valid: 1 (available) or 0 (not available)" }).optional().or(blank),
});
export type ScannerLookupQuery = z.infer<typeof scannerLookupQuery>;

export async function scannerLookup(
  db: Queryable,
  v: RefViewer,
  kind: "rabbit" | "dolly",
  q: ScannerLookupQuery,
): Promise<Paged<ScannerDto>> {
  const where: SQL[] = [
    eq(scanners.kind, kind),
    inArray(scanners.stationId, v.stationIds.length ? [...v.stationIds] : [-1]),
  ];
  if (q.station) where.push(eq(scanners.stationId, q.station));
  if (q.status) where.push(eq(scanners.status, Number(q.status)));
  const cond = and(...where);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(scanners).where(cond);
  const rows = await db.select({ s: scanners, title: stations.title, tag: stations.tag }).from(scanners)
    .innerJoin(stations, eq(stations.id, scanners.stationId)).where(cond)
    .orderBy(asc(sql`lower(${scanners.serialNumber})`), asc(scanners.id))
    .limit(q.page_size).offset((q.page - 1) * q.page_size);
  return {
    count: Number(count),
    results: rows.map((r) => ({
      id: r.s.id,
      kind: r.s.kind,
      serial_number: r.s.serialNumber,
      station: { id: r.s.stationId, title: r.title, tag: r.tag },
      status: r.s.status,
    })),
  };
}
