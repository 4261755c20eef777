// What the import tests count: every table an import writes (and the kept files). A refused or repeated
// upload must leave each of these exactly as it was.
import { sql } from "drizzle-orm";
import type { Queryable } from "../../lib/db/client.ts";
import { rowsOf } from "../../lib/db/rows.ts";

export const IMPORT_TABLES = [
  "amazon_imports",
  "uploads",
  "dsp_weekly_scorecards",
  "da_weekly_performance",
  "da_weekly_dsb",
  "delivery_concessions",
  "da_weekly_quality",
  "capacity_reliability_days",
  "whc_exceptions",
  "transporter_aliases",
] as const;

/** Row counts of the import tables (and any `extra` ones), in one statement. */
export async function importTableCounts(
  db: Queryable,
  extra: readonly string[] = [],
): Promise<Record<string, number>> {
  const parts = [...IMPORT_TABLES, ...extra].map((t) => `(select count(*)::int from ${t}) as ${t}`).join(
    ", ",
  );
  const row = rowsOf<Record<string, number>>(await db.execute(sql.raw(`select ${parts}`)))[0];
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

/** A generated Amazon file, as the fixture generators return it. */
export interface GeneratedFile {
  fileName: string;
  bytes: Uint8Array;
}

/** The multipart body an upload dialog sends: the file under `field`, plus text fields. */
export function uploadForm(
  field: string,
  file: GeneratedFile,
  fields: Record<string, string> = {},
): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.set(field, new File([file.bytes as BlobPart], file.fileName, { type: "application/octet-stream" }));
  return fd;
}
