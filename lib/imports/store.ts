// Importing one Amazon file: parse (pure, before any transaction), settle the station, then one transaction
// that keeps the file and stores its rows, replacing the slot's older file. The same content twice is
// 'unchanged' and writes nothing; a refused file writes nothing either.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { stations } from "../org/schema.ts";
import { cleanFileName, keepUpload, sha256Hex } from "../uploads/guard.ts";
import { DomainError, forbidden } from "../errors.ts";
import { describe } from "../amazon/weekly.ts";
import type { ImportDialog, ImportOutcomeDto, StationRef } from "./dto.ts";
import { fileRefusal, foreignStation, IMPORT, unknownStation } from "./errors.ts";
import { type ParsedFile, parseUpload } from "./parse.ts";
import { mayImport, mayImportFor, notYourStation } from "./policy.ts";
import { amazonImports } from "./schema.ts";
import { getImport } from "./queries.ts";
import { activeImport, countsOf, insertRows, lockSlot, pointReplaced, retire } from "./write.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { log } from "../log/logger.ts";
import { observeImport } from "../ops/metrics.ts";
import { afterImport } from "../checks/build.ts";

export type ImportViewer = Pick<Viewer, "id" | "role" | "stationIds">;

export interface ImportFileInput {
  dialog: ImportDialog;
  fileName: string;
  bytes: Uint8Array;
  contentType?: string;
  startPage?: number;
}

/**
 * The refusal of a file the parser would not store (ImportRefusalDto): the detail names the file and where
 * the first fault is; the code says whether it was empty, for another dialog, lacking key columns (the
 * detail names them) or unreadable.
 */
export function parseRefusal(parsed: ParsedFile): DomainError {
  const first = parsed.problems.find((p) => p.fatal) ?? parsed.problems[0];
  const detail = first ? `Not imported: ${describe(first)}` : `Not imported: ${parsed.file} holds no rows.`;
  const code = parsed.refused === "empty_file"
    ? IMPORT.emptyFile
    : parsed.refused === "wrong_dialog"
    ? IMPORT.wrongDialog
    : first?.code === "missing_key_columns"
    ? IMPORT.missingKeyColumns
    : IMPORT.badFile;
  return fileRefusal(code, "invalid", detail, parsed.file, parsed.problems);
}

/** The station row of the file's tag, which must be one of the viewer's. */
export async function stationFor(
  db: Queryable,
  viewer: ImportViewer,
  parsed: ParsedFile,
): Promise<StationRef> {
  const tag = (parsed.station ?? "").toUpperCase();
  const [row] = await db.select({ id: stations.id, title: stations.title, tag: stations.tag }).from(stations)
    .where(eq(sql`upper(${stations.tag})`, tag));
  if (!row) throw unknownStation(tag, parsed.file, parsed.problems);
  if (!mayImportFor(viewer, row.id)) {
    throw foreignStation(notYourStation(row.tag), parsed.file, parsed.problems);
  }
  return row;
}

/** Parses an upload and refuses it unless it may be stored. */
export async function parseOrRefuse(
  input: ImportFileInput,
): Promise<ParsedFile & { slot: string; week: string }> {
  const parsed = await parseUpload(input);
  if (!parsed.ok || !parsed.slot || !parsed.week) throw parseRefusal(parsed);
  return parsed as ParsedFile & { slot: string; week: string };
}

interface Stored {
  status: ImportOutcomeDto["status"];
  id: number;
  replacedId: number | null;
}

async function store(
  db: Queryable,
  viewer: ImportViewer,
  input: ImportFileInput,
  parsed: ParsedFile & { slot: string; week: string },
  station: StationRef,
  sha256: string,
): Promise<Stored> {
  return await db.transaction(async (tx) => {
    await lockSlot(tx, parsed.slot, station.id, parsed.week);
    const [same] = await tx.select({ id: amazonImports.id }).from(amazonImports).where(and(
      eq(amazonImports.slot, parsed.slot),
      eq(amazonImports.stationId, station.id),
      eq(amazonImports.sha256, sha256),
      isNull(amazonImports.replacedAt),
    )).limit(1);
    if (same) return { status: "unchanged", id: same.id, replacedId: null };

    const prev = await activeImport(tx, parsed.slot, station.id, parsed.week);
    if (prev) await retire(tx, prev.id);
    const upload = await keepUpload(tx, {
      kind: `amazon-${parsed.kind}`,
      fileName: input.fileName,
      contentType: input.contentType,
      bytes: input.bytes,
      uploadedById: viewer.id,
      stationId: station.id,
      meta: { dialog: input.dialog, ...parsed.options },
    });
    const [row] = await tx.insert(amazonImports).values({
      kind: parsed.kind!,
      slot: parsed.slot,
      family: parsed.family,
      fileName: cleanFileName(input.fileName),
      uploadId: upload.id,
      sha256,
      stationId: station.id,
      week: parsed.week,
      dsp: parsed.dsp,
      uploadedById: viewer.id,
      counts: await countsOf(tx, parsed.tables),
      problems: parsed.problems,
      options: parsed.options,
    }).returning({ id: amazonImports.id });
    await insertRows(tx, row.id, station.id, parsed.tables);
    if (prev) await pointReplaced(tx, prev.id, row.id);
    return { status: prev ? "replaced" : "imported", id: row.id, replacedId: prev?.id ?? null };
  });
}

/**
 * Imports one file for the viewer. A file that may not be stored (wrong dialog, corrupt, weeks
 * disagreeing, unknown station, a station not the viewer's) is refused with its ImportRefusalDto.
 */
export async function importFile(
  db: Queryable,
  viewer: ImportViewer,
  input: ImportFileInput,
): Promise<ImportOutcomeDto> {
  const t0 = performance.now();
  if (!mayImport(viewer)) throw forbidden();
  const parsed = await parseOrRefuse(input);
  const station = await stationFor(db, viewer, parsed);
  const sha256 = await sha256Hex(input.bytes);
  let stored: Stored | null = null;
  // Two uploads racing past each other's lock (or overlapping reliability days) meet the unique indexes:
  // the loser runs again and then sees the winner ('unchanged' for the same file).
  for (let attempt = 1; !stored; attempt++) {
    try {
      stored = await store(db, viewer, input, parsed, station, sha256);
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= 3) throw e;
    }
  }
  // The screens built from imports (check weeks, issue 12) follow the station-week the file changed.
  if (stored.status !== "unchanged") await afterImport(db, station.id, parsed.week);
  const took_ms = Math.round(performance.now() - t0);
  const rows = Object.values(parsed.tables).reduce((n, t) => n + (t?.length ?? 0), 0);
  const { kind, week } = parsed;
  observeImport(kind ?? "unknown", stored.status, took_ms / 1000);
  log.info("import stored", { kind, station: station.tag, week, status: stored.status, rows, ms: took_ms });
  return {
    status: stored.status,
    replaced_id: stored.replacedId,
    import: await getImport(db, viewer, stored.id),
    took_ms,
  };
}
