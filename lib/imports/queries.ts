// Reads of the import history. Scoped to the viewer's stations inside the SQL; the unmatched ids are worked
// out now (match.ts), not remembered from import time, so they shrink as the register gains the ids.
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { stations, users } from "../org/schema.ts";
import { uploads } from "../uploads/schema.ts";
import type { Viewer } from "../users/current-user.ts";
import { notFound } from "../errors.ts";
import { offset, type Paged } from "../paging/query.ts";
import type { AmazonKind } from "../amazon/types.ts";
import type { ImportDetailDto, ImportFamily, ImportRowDto, ImportSlot, UnmatchedIdDto } from "./dto.ts";
import { amazonImports } from "./schema.ts";
import { isUnmatched } from "./match.ts";
import { DA_TABLES, DATA_TABLES } from "./rows.ts";

export type HistoryViewer = Pick<Viewer, "stationIds">;

/** Imports of the viewer's stations; no stations matches nothing. */
export const inViewerStations = (viewer: HistoryViewer) =>
  sql`${amazonImports.stationId} = any(${
    sql.param(viewer.stationIds.length ? [...viewer.stationIds] : [-1])
  }::int[])`;

const ROW = {
  id: amazonImports.id,
  kind: amazonImports.kind,
  slot: amazonImports.slot,
  family: amazonImports.family,
  fileName: amazonImports.fileName,
  week: amazonImports.week,
  uploadedAt: amazonImports.uploadedAt,
  replacedAt: amazonImports.replacedAt,
  replacedById: amazonImports.replacedById,
  counts: amazonImports.counts,
  problems: amazonImports.problems,
  options: amazonImports.options,
  sha256: amazonImports.sha256,
  email: users.email,
  stationId: stations.id,
  stationTitle: stations.title,
  stationTag: stations.tag,
  size: uploads.size,
};

function baseQuery(db: Queryable, where: SQL) {
  return db.select(ROW).from(amazonImports)
    .innerJoin(stations, eq(stations.id, amazonImports.stationId))
    .leftJoin(users, eq(users.id, amazonImports.uploadedById))
    .leftJoin(uploads, eq(uploads.id, amazonImports.uploadId))
    .where(where);
}
type Base = Awaited<ReturnType<typeof baseQuery>>[number];

/** Every data row of the given imports with its transporter id (null for the station-level tables). */
function rowsOfImports(ids: number[]): SQL {
  const parts = DATA_TABLES.map((t) =>
    DA_TABLES.includes(t)
      ? sql`select import_id, transporter_id, da_name from ${sql.raw(t)}`
      : sql`select import_id, null::text, null::text from ${sql.raw(t)}`
  ).map((s) => sql`${s} where import_id = any(${sql.param(ids)}::int[])`);
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/** Rows stored now and distinct unmatched transporter ids, per import. */
async function liveCounts(
  db: Queryable,
  ids: number[],
): Promise<Map<number, { rows: number; unmatched: number }>> {
  const out = new Map<number, { rows: number; unmatched: number }>();
  if (!ids.length) return out;
  const res = await db.execute(sql`select r.import_id as id, count(*)::int as rows,
      count(distinct r.transporter_id) filter (where r.transporter_id is not null
        and ${isUnmatched(sql`r.transporter_id`)})::int as unmatched
    from ${rowsOfImports(ids)} as r(import_id, transporter_id, da_name) group by r.import_id`);
  for (const r of rowsOf<{ id: number; rows: number; unmatched: number }>(res)) {
    out.set(Number(r.id), { rows: Number(r.rows), unmatched: Number(r.unmatched) });
  }
  return out;
}

function rowDto(r: Base, live: { rows: number; unmatched: number } | undefined): ImportRowDto {
  const family = r.family as ImportFamily;
  return {
    id: r.id,
    file_name: r.fileName,
    ...(family === "pdf" ? { pdf_file_name: r.fileName } : { csv_file_name: r.fileName }),
    uploader: { email: r.email ?? null },
    uploaded_at: new Date(r.uploadedAt).toISOString(),
    kind: r.kind as AmazonKind,
    slot: r.slot as ImportSlot,
    family,
    station: { id: r.stationId, title: r.stationTitle, tag: r.stationTag },
    week: r.week,
    status: r.replacedAt ? "replaced" : "imported",
    rows: live?.rows ?? 0,
    unmatched: live?.unmatched ?? 0,
  };
}

/** The history of one family, newest first, for the viewer's stations. */
export async function listImports(
  db: Queryable,
  viewer: HistoryViewer,
  q: { family: ImportFamily; page: number; page_size: number },
): Promise<Paged<ImportRowDto>> {
  const where = and(inViewerStations(viewer), eq(amazonImports.family, q.family))!;
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(amazonImports).where(where);
  const rows = await baseQuery(db, where).orderBy(desc(amazonImports.uploadedAt), desc(amazonImports.id))
    .limit(q.page_size).offset(offset(q));
  const live = await liveCounts(db, rows.map((r) => r.id));
  return { count: Number(count), results: rows.map((r) => rowDto(r, live.get(r.id))) };
}

/** The transporter ids of an import no DA holds now, with the file's name for them and their row count. */
export async function unmatchedIds(db: Queryable, importId: number): Promise<UnmatchedIdDto[]> {
  const res = await db.execute(sql`select r.transporter_id, max(r.da_name) as da_name, count(*)::int as rows
    from ${rowsOfImports([importId])} as r(import_id, transporter_id, da_name)
    where r.transporter_id is not null and ${isUnmatched(sql`r.transporter_id`)}
    group by r.transporter_id order by r.transporter_id`);
  return rowsOf<{ transporter_id: string; da_name: string | null; rows: number }>(res)
    .map((r) => ({ transporter_id: r.transporter_id, da_name: r.da_name ?? null, rows: Number(r.rows) }));
}

/** One import of the viewer's stations (404 otherwise) with what it created. */
export async function getImport(db: Queryable, viewer: HistoryViewer, id: number): Promise<ImportDetailDto> {
  const [r] = await baseQuery(db, and(eq(amazonImports.id, id), inViewerStations(viewer))!);
  if (!r) throw notFound("Import not found.");
  const live = await liveCounts(db, [id]);
  return {
    ...rowDto(r, live.get(id)),
    counts: r.counts ?? {},
    unmatched_ids: await unmatchedIds(db, id),
    problems: r.problems ?? [],
    replaced_by: r.replacedById ?? null,
    sha256: r.sha256,
    size: r.size ?? null,
    options: r.options?.startPage ? { start_page: r.options.startPage } : {},
  };
}

/** Which of these file hashes were imported already at the viewer's stations (the CLI skips them). */
export async function importedHashes(
  db: Queryable,
  viewer: HistoryViewer,
  sha256s: string[],
): Promise<string[]> {
  if (!sha256s.length) return [];
  const rows = await db.selectDistinct({ sha256: amazonImports.sha256 }).from(amazonImports)
    .where(and(inArray(amazonImports.sha256, sha256s.map((s) => s.toLowerCase())), inViewerStations(viewer)));
  return rows.map((r) => r.sha256);
}
