// The writes of an import, called inside its one transaction (store.ts, mutations.ts): serialising on the
// slot, retiring the import a newer file replaces, and the data rows in bulk. Rows go in as one JSON
// parameter per chunk through jsonb_to_recordset: a 150-DA file is one statement per table on either engine.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { amazonImports } from "./schema.ts";
import { isMatched } from "./match.ts";
import { DA_TABLES, DATA_TABLES, type DataTable, type Row, TABLE_COLUMNS, type TableRows } from "./rows.ts";

/** Rows per statement: large enough for few round trips, small enough to keep one parameter modest. */
const CHUNK = 2000;

/**
 * Serialises imports of one slot, station and week until the transaction ends, so two uploads of the same
 * file at once see each other (the second finds the first and answers 'unchanged').
 */
export async function lockSlot(tx: Queryable, slot: string, stationId: number, week: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`amazon-import:${slot}:${stationId}:${week}`}))`,
  );
}

/** Every data row of an import, gone (one statement over all the tables). */
export async function deleteRows(tx: Queryable, importId: number): Promise<void> {
  const parts = DATA_TABLES.map((t, i) =>
    sql`${sql.raw(`d${i}`)} as (delete from ${sql.raw(t)} where import_id = ${importId})`
  );
  await tx.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}

/** The active import of a slot, station and week (locked), or null. */
export async function activeImport(
  tx: Queryable,
  slot: string,
  stationId: number,
  week: string,
): Promise<{ id: number; sha256: string } | null> {
  const [row] = await tx.select({ id: amazonImports.id, sha256: amazonImports.sha256 }).from(amazonImports)
    .where(and(
      eq(amazonImports.slot, slot),
      eq(amazonImports.stationId, stationId),
      eq(amazonImports.week, week),
      isNull(amazonImports.replacedAt),
    )).for("update");
  return row ?? null;
}

/** Marks an import replaced and drops its rows; replaced_by_id is set once the newer import exists. */
export async function retire(tx: Queryable, importId: number): Promise<void> {
  await tx.update(amazonImports).set({ replacedAt: sql`now()` }).where(eq(amazonImports.id, importId));
  await deleteRows(tx, importId);
}

export async function pointReplaced(tx: Queryable, oldId: number, newId: number): Promise<void> {
  await tx.update(amazonImports).set({ replacedById: newId }).where(eq(amazonImports.id, oldId));
}

/** Inserts one table's rows for an import, in chunks. */
async function insertTable(
  tx: Queryable,
  table: DataTable,
  importId: number,
  stationId: number,
  rows: Row[],
) {
  const cols = Object.entries(TABLE_COLUMNS[table]);
  const names = cols.map(([c]) => c).join(", ");
  const record = cols.map(([c, t]) => `${c} ${t}`).join(", ");
  const picks = cols.map(([c]) => `r.${c}`).join(", ");
  for (let at = 0; at < rows.length; at += CHUNK) {
    const chunk = rows.slice(at, at + CHUNK);
    await tx.execute(sql`insert into ${sql.raw(table)} (import_id, station_id, ${sql.raw(names)})
      select ${importId}::int, ${stationId}::int, ${sql.raw(picks)}
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(${sql.raw(record)})`);
  }
}

/**
 * A day of capacity reliability belongs to the newest import that carries it, and a WHC week to the newest
 * workbook holding that sheet: other imports' rows for those days or weeks go first.
 */
async function supersede(tx: Queryable, importId: number, stationId: number, tables: TableRows) {
  const days = (tables.capacity_reliability_days ?? []).map((r) => String(r.day));
  if (days.length) {
    await tx.execute(sql`delete from capacity_reliability_days where station_id = ${stationId}
      and day = any(${sql.param(days)}::text[]::date[]) and import_id <> ${importId}`);
  }
  const whc = (tables.whc_exceptions ?? []).filter((r) => r.source === "whc");
  if (whc.length) {
    const weeks = [...new Set(whc.map((r) => String(r.week)))];
    await tx.execute(sql`delete from whc_exceptions where station_id = ${stationId} and source = 'whc'
      and week = any(${sql.param(weeks)}::text[]) and import_id <> ${importId}`);
  }
}

export async function insertRows(tx: Queryable, importId: number, stationId: number, tables: TableRows) {
  await supersede(tx, importId, stationId, tables);
  for (const t of DATA_TABLES) {
    const rows = tables[t];
    if (rows?.length) await insertTable(tx, t, importId, stationId, rows);
  }
}

/** Rows per table plus matched / unmatched DAs (distinct transporter ids) as of now. */
export async function countsOf(tx: Queryable, tables: TableRows): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const tids = new Set<string>();
  for (const t of DATA_TABLES) {
    const rows = tables[t] ?? [];
    if (!rows.length) continue;
    counts[t] = rows.length;
    if (DA_TABLES.includes(t)) { for (const r of rows) tids.add(String(r.transporter_id)); }
  }
  let matched = 0;
  if (tids.size) {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from unnest(${sql.param([...tids])}::text[]) as x(tid)
        where ${isMatched(sql`x.tid`)}`),
    );
    matched = Number(row?.n ?? 0);
  }
  return { ...counts, matched, unmatched: tids.size - matched };
}
