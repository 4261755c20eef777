// Re-running and removing imports (import.manage), each in one transaction. Linking unmatched transporter
// ids to DAs is link.ts; both are exported from here, the one module the routes call.
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { uploads } from "../uploads/schema.ts";
import { can } from "../auth/permissions.ts";
import { forbidden, notFound } from "../errors.ts";
import type { AmazonKind } from "../amazon/types.ts";
import { DIALOG_KINDS, type ImportDialog, type ImportOutcomeDto } from "./dto.ts";
import { amazonImports } from "./schema.ts";
import { getImport, inViewerStations } from "./queries.ts";
import { mayManage } from "./policy.ts";
import type { ParsedFile } from "./parse.ts";
import { parseOrRefuse, stationFor } from "./store.ts";
import { fileNotKept, rerunMismatch } from "./errors.ts";
import { activeImport, countsOf, deleteRows, insertRows, lockSlot, pointReplaced, retire } from "./write.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { afterImport } from "../checks/build.ts";

export { createDaFromUnmatched, mapToDa } from "./link.ts";

type ManageViewer = Pick<Viewer, "id" | "role" | "stationIds">;

/** The import, if it is at one of the viewer's stations and the viewer may manage imports there. */
async function loadManaged(db: Queryable, viewer: ManageViewer, id: number) {
  if (!can(viewer.role, "import.manage")) throw forbidden();
  const [imp] = await db.select().from(amazonImports).where(
    and(eq(amazonImports.id, id), inViewerStations(viewer)),
  );
  if (!imp) throw notFound("Import not found.");
  if (!mayManage(viewer, imp.stationId)) throw forbidden();
  return imp;
}

const dialogOf = (kind: string): ImportDialog =>
  (Object.keys(DIALOG_KINDS) as ImportDialog[]).find((d) => DIALOG_KINDS[d].includes(kind as AmazonKind))!;

type ManagedImport = Awaited<ReturnType<typeof loadManaged>>;

/** The kept file read again by today's parsers; it must still be the same station, week and slot. */
async function reparse(db: Queryable, viewer: ManageViewer, imp: ManagedImport) {
  const [file] = imp.uploadId
    ? await db.select({ data: uploads.data }).from(uploads).where(eq(uploads.id, imp.uploadId))
    : [];
  if (!file) throw fileNotKept(imp.fileName);
  const parsed = await parseOrRefuse({
    dialog: dialogOf(imp.kind),
    fileName: imp.fileName,
    bytes: new Uint8Array(file.data),
    startPage: imp.options?.startPage,
  });
  const station = await stationFor(db, viewer, parsed);
  if (station.id !== imp.stationId || parsed.week !== imp.week || parsed.slot !== imp.slot) {
    throw rerunMismatch(imp.fileName, station.tag, parsed.week, parsed.problems);
  }
  return parsed;
}

/** The import's rows replaced in one transaction; returns the active import it took the place of, if any. */
async function replaceRows(db: Queryable, imp: ManagedImport, parsed: ParsedFile): Promise<number | null> {
  return await db.transaction(async (tx) => {
    await lockSlot(tx, imp.slot, imp.stationId, imp.week);
    await deleteRows(tx, imp.id);
    const active = await activeImport(tx, imp.slot, imp.stationId, imp.week);
    const replaced = active && active.id !== imp.id ? active.id : null;
    if (replaced) await retire(tx, replaced);
    await tx.update(amazonImports).set({
      replacedAt: null,
      replacedById: null,
      counts: await countsOf(tx, parsed.tables),
      problems: parsed.problems,
    }).where(eq(amazonImports.id, imp.id));
    await insertRows(tx, imp.id, imp.stationId, parsed.tables);
    if (replaced) await pointReplaced(tx, replaced, imp.id);
    return replaced;
  });
}

/**
 * Parses the kept file again with today's parsers and replaces the import's rows. A replaced import that is
 * re-run becomes the active one again, replacing the one that had taken its place.
 */
export async function rerunImport(
  db: Queryable,
  viewer: ManageViewer,
  id: number,
): Promise<ImportOutcomeDto> {
  const t0 = performance.now();
  const imp = await loadManaged(db, viewer, id);
  const parsed = await reparse(db, viewer, imp);
  let replaced: number | null | undefined;
  // Two runs racing on the slot meet the unique indexes: the loser runs again.
  for (let attempt = 1; replaced === undefined; attempt++) {
    try {
      replaced = await replaceRows(db, imp, parsed);
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= 3) throw e;
    }
  }
  await afterImport(db, imp.stationId, imp.week);
  const took_ms = Math.round(performance.now() - t0);
  return {
    status: replaced ? "replaced" : "imported",
    replaced_id: replaced,
    import: await getImport(db, viewer, imp.id),
    took_ms,
  };
}

/** Deletes an import: its rows go with it (on delete cascade), and so does its kept file. */
export async function removeImport(db: Queryable, viewer: ManageViewer, id: number): Promise<void> {
  const imp = await loadManaged(db, viewer, id);
  await db.transaction(async (tx) => {
    await tx.delete(amazonImports).where(eq(amazonImports.id, imp.id));
    // Older files it had replaced stay replaced, but no longer point at an import that is gone.
    await tx.update(amazonImports).set({ replacedById: null }).where(eq(amazonImports.replacedById, imp.id));
    if (imp.uploadId) await tx.delete(uploads).where(eq(uploads.id, imp.uploadId));
  });
  await afterImport(db, imp.stationId, imp.week);
}
