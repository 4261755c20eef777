// Preview and commit of a roster file. The preview only reads. The commit re-reads the file, recomputes
// the plan inside its own transaction (it never trusts the client's preview), checks it against the digest
// the preview returned, then keeps the file and writes every valid row, or nothing at all.
import { sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { keepUpload, type UploadedFile } from "../uploads/guard.ts";
import { parseSpreadsheet, type Sheet } from "./parse.ts";
import { type Plan, planDigest, rejectedRows } from "./plan.ts";
import { planDas } from "./das.ts";
import { planVans } from "./vans.ts";
import { applyDas } from "./das-write.ts";
import { applyVans } from "./vans-write.ts";
import {
  type CommitDto,
  KIND_LABEL,
  type PreviewDto,
  REJECT_LIST_SIZE,
  type RosterKind,
  SAMPLE_SIZE,
  UPLOAD_KIND,
} from "./inputs.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { changedSincePreview, concurrentRosterChange, previewNeeded } from "./errors.ts";

type RosterViewer = Pick<Viewer, "id" | "stationIds">;

/** Imports of the same kind wait for each other, so two commits never plan against the same rows. */
const LOCK_KEY: Record<RosterKind, number> = { das: 727_301, vans: 727_302 };

async function planFor(
  db: Queryable,
  viewer: RosterViewer,
  kind: RosterKind,
  sheet: Sheet,
  fileName: string,
  lock = false,
): Promise<Plan> {
  return kind === "das"
    ? await planDas(db, viewer, sheet, fileName, { lock })
    : await planVans(db, viewer, sheet, fileName, { lock });
}

export async function previewDto(plan: Plan): Promise<PreviewDto> {
  return {
    kind: plan.kind,
    file_name: plan.fileName,
    rows: plan.rows,
    counts: {
      create: plan.create.length,
      update: plan.update.length,
      unchanged: plan.unchanged,
      reject: rejectedRows(plan),
    },
    create: plan.create.slice(0, SAMPLE_SIZE).map((c) => ({
      row: c.row,
      key: c.key,
      label: c.label,
      station: c.station,
    })),
    update: plan.update.slice(0, SAMPLE_SIZE).map((u) => ({
      row: u.row,
      key: u.key,
      label: u.label,
      changes: u.changes,
    })),
    reject: plan.reject.slice(0, REJECT_LIST_SIZE).map((r) => ({
      row: r.row,
      column: r.column,
      reason: r.reason,
    })),
    more: {
      create: Math.max(0, plan.create.length - SAMPLE_SIZE),
      update: Math.max(0, plan.update.length - SAMPLE_SIZE),
      reject: Math.max(0, plan.reject.length - REJECT_LIST_SIZE),
    },
    ignored_columns: plan.ignoredColumns,
    digest: await planDigest(plan),
  };
}

/** What importing this file would do. Writes nothing. */
export async function previewRoster(
  db: Db,
  viewer: RosterViewer,
  kind: RosterKind,
  file: UploadedFile,
): Promise<PreviewDto> {
  const sheet = await parseSpreadsheet(file.bytes, file.fileName);
  return await previewDto(await planFor(db, viewer, kind, sheet, file.fileName));
}

const plural = (n: number, one: string, many = one + "s") =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What the commit's answer says it did ('Imported x.csv: 3 new DAs, 1 update, 2 rows skipped.'). */
function importedDetail(kind: RosterKind, fileName: string, plan: Plan, skipped: number): string {
  const noun = KIND_LABEL[kind];
  const parts = [
    ...(plan.create.length ? [plural(plan.create.length, "new " + noun.noun, "new " + noun.nouns)] : []),
    ...(plan.update.length ? [plural(plan.update.length, "update")] : []),
    ...(plan.unchanged ? [`${plural(plan.unchanged, "row")} unchanged`] : []),
    ...(skipped ? [`${plural(skipped, "row")} skipped`] : []),
  ];
  return `Imported ${fileName}: ${parts.join(", ")}.`;
}

/** Keeps the file and writes the plan's rows (inside the commit's transaction); returns the kept upload's id. */
async function writePlan(
  tx: Queryable,
  viewer: RosterViewer,
  kind: RosterKind,
  file: UploadedFile,
  plan: Plan,
  skipped: number,
): Promise<number> {
  const upload = await keepUpload(tx, {
    kind: UPLOAD_KIND[kind],
    fileName: file.fileName,
    contentType: file.contentType,
    bytes: file.bytes,
    uploadedById: viewer.id,
    meta: { created: plan.create.length, updated: plan.update.length, unchanged: plan.unchanged, skipped },
  });
  const at = new Date();
  const note = `Roster import: ${file.fileName} (upload ${upload.id})`;
  if (kind === "das") await applyDas(tx, plan as Parameters<typeof applyDas>[1], viewer.id, at, note);
  else await applyVans(tx, plan as Parameters<typeof applyVans>[1], viewer.id, at, note);
  return upload.id;
}

/** The commit inside its transaction: the plan recomputed under the kind's lock, checked, then written. */
async function commitInTransaction(
  tx: Queryable,
  viewer: RosterViewer,
  kind: RosterKind,
  file: UploadedFile,
  sheet: Sheet,
  digest: string | undefined,
): Promise<CommitDto> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY[kind]})`);
  const plan = await planFor(tx, viewer, kind, sheet, file.fileName, true);
  const skipped = rejectedRows(plan);
  if (digest && digest !== await planDigest(plan)) {
    throw changedSincePreview(file.fileName, KIND_LABEL[kind].nouns);
  }
  if (skipped && !digest) throw previewNeeded(file.fileName, plural(skipped, "row"));
  const base = { kind, file_name: file.fileName, unchanged: plan.unchanged, skipped };
  if (!plan.create.length && !plan.update.length) {
    return {
      ...base,
      upload_id: null,
      created: 0,
      updated: 0,
      detail: `Nothing to import: ${plural(plan.unchanged, "row")} already up to date${
        skipped ? `, ${plural(skipped, "row")} skipped` : ""
      }.`,
    };
  }
  return {
    ...base,
    upload_id: await writePlan(tx, viewer, kind, file, plan, skipped),
    created: plan.create.length,
    updated: plan.update.length,
    detail: importedDetail(kind, file.fileName, plan, skipped),
  };
}

/**
 * Imports the file: all valid rows in one transaction, the rejected rows skipped. A file with rejected
 * rows needs the preview's digest (the user has seen them); a digest that no longer matches is a conflict.
 */
export async function commitRoster(
  db: Db,
  viewer: RosterViewer,
  kind: RosterKind,
  file: UploadedFile,
  digest?: string,
): Promise<CommitDto> {
  // Parse errors surface before the transaction opens (the file itself is wrong).
  const sheet = await parseSpreadsheet(file.bytes, file.fileName);
  try {
    return await db.transaction((tx) => commitInTransaction(tx, viewer, kind, file, sheet, digest));
  } catch (e) {
    if (isUniqueViolation(e)) throw concurrentRosterChange(file.fileName, KIND_LABEL[kind].nouns);
    throw e;
  }
}
