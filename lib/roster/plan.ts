// What an import would do, shared by the DA and van importers: the plan's shape, the column mapping of
// a sheet onto a kind's fields, the per-row validation, the in-file duplicate rule and the digest that
// ties a commit to the preview the user saw.
import { z } from "zod";
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { stations } from "../org/schema.ts";
import { type Cell, loose } from "../sheets/cells.ts";
import type { Sheet, SheetRow } from "./parse.ts";
import { badRosterFile } from "./errors.ts";
import type { RosterKind } from "./inputs.ts";

export interface Column {
  /** The field name in the row schema. */
  field: string;
  /** The template's header. */
  header: string;
  /** Other headers accepted for it (compared loosely). */
  aliases?: string[];
  required?: boolean;
}

export interface Reject {
  row: number;
  column: string | null;
  reason: string;
}

export interface Change {
  column: string;
  from: string | null;
  to: string | null;
}

export interface PlannedCreate<V> {
  row: number;
  key: string;
  label: string;
  /** The station's tag, for the preview. */
  station: string | null;
  values: V;
}

export interface PlannedUpdate<V> {
  row: number;
  key: string;
  label: string;
  id: number;
  /** The full record after the update (what the bulk UPDATE writes). */
  values: V;
  changes: Change[];
  statusFrom: number | null;
  statusTo: number | null;
  /** The status (or, for vans, its reason) changes: the write records a history row. */
  statusChanged: boolean;
}

export interface Plan<C = unknown, U = unknown> {
  kind: RosterKind;
  fileName: string;
  /** Data rows in the file (blank rows not counted). */
  rows: number;
  create: PlannedCreate<C>[];
  update: PlannedUpdate<U>[];
  unchanged: number;
  reject: Reject[];
  ignoredColumns: string[];
}

/** The header in the file for each field; unknown headers are ignored (and listed); a missing key column is fatal. */
export function mapColumns(sheet: Sheet, columns: readonly Column[], fileName: string) {
  const byKey = new Map<string, Column>();
  for (const c of columns) for (const name of [c.header, ...(c.aliases ?? [])]) byKey.set(loose(name), c);
  const found = new Map<string, { key: string; label: string }>();
  const ignored: string[] = [];
  for (const h of sheet.headers) {
    const col = byKey.get(h.key);
    if (col && !found.has(col.field)) found.set(col.field, h);
    else ignored.push(h.label);
  }
  const missing = columns.filter((c) => c.required && !found.has(c.field));
  if (missing.length) {
    const names = missing.map((c) => `'${c.header}'`).join(", ");
    const have = sheet.headers.map((h) => h.label).join(", ");
    throw badRosterFile(
      fileName,
      `row 1: the column${missing.length > 1 ? "s" : ""} ${names} ${
        missing.length > 1 ? "are" : "is"
      } missing (found: ${have}). Download the template to see the expected columns.`,
    );
  }
  const headerOf = (field: string) =>
    found.get(field)?.label ?? columns.find((c) => c.field === field)?.header ?? field;
  const present = (field: string) => found.has(field);
  /** The row's cells by field name; absent columns read as undefined (meaning "not given"). */
  const cellsOf = (r: SheetRow): Record<string, Cell | undefined> =>
    Object.fromEntries(
      columns.map((c) => [c.field, found.has(c.field) ? r.cells[found.get(c.field)!.key] : undefined]),
    );
  return { headerOf, present, cellsOf, ignored };
}

/** Per-row zod validation: the parsed row, or one reject per issue, naming the file's column. */
export function validateRow<S extends z.ZodType>(
  schema: S,
  cells: Record<string, Cell | undefined>,
  row: number,
  headerOf: (field: string) => string,
): { ok: true; value: z.infer<S> } | { ok: false; rejects: Reject[] } {
  const r = schema.safeParse(cells);
  if (r.success) return { ok: true, value: r.data };
  return {
    ok: false,
    rejects: r.error.issues.map((i) => ({
      row,
      column: i.path.length ? headerOf(String(i.path[0])) : null,
      reason: i.message,
    })),
  };
}

/** Remembers the first row of each key; a later row with the same key is rejected, naming the first. */
export class FirstSeen {
  private seen = new Map<string, number>();
  /** The row that already has this key, or null (and the key is now taken by `row`). */
  claim(key: string, row: number): number | null {
    const first = this.seen.get(key);
    if (first !== undefined) return first;
    this.seen.set(key, row);
    return null;
  }
}

export interface StationRow {
  id: number;
  tag: string;
  title: string;
}

/** Every station, to resolve a Station cell (a tag like DON9, or an id). */
export async function loadStations(db: Queryable): Promise<StationRow[]> {
  return await db.select({ id: stations.id, tag: stations.tag, title: stations.title }).from(stations);
}

/** A station cell against the viewer's stations: the station, or the reason the row is rejected. */
export function resolveStation(
  value: string,
  all: readonly StationRow[],
  viewerStationIds: readonly number[],
): { ok: true; station: StationRow } | { ok: false; reason: string } {
  const v = value.trim();
  const hit = (/^\d+$/.test(v) ? all.find((s) => s.id === Number(v)) : undefined) ??
    all.find((s) => s.tag.toUpperCase() === v.toUpperCase());
  const mine = all.filter((s) => viewerStationIds.includes(s.id)).map((s) => s.tag).join(", ");
  if (!hit) return { ok: false, reason: `Unknown station '${v}': use one of your stations (${mine})` };
  if (!viewerStationIds.includes(hit.id)) {
    return { ok: false, reason: `Station ${hit.tag} is not one of your stations (${mine})` };
  }
  return { ok: true, station: hit };
}

/** A JSON array as one query parameter, for `in (select jsonb_array_elements_text(...))` over any count. */
export function jsonList(values: readonly (string | number)[], type: "text" | "int" = "text") {
  return type === "int"
    ? sql`(select (jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::int)`
    : sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

export const display = (
  v: unknown,
): string | null => (v === null || v === undefined || v === "" ? null : String(v));

/** The changed columns between the current record and the new one, in column order. */
export function diff<T extends object>(
  before: T,
  after: T,
  labels: readonly [keyof T & string, string, ((v: unknown) => string | null)?][],
): Change[] {
  const out: Change[] = [];
  for (const [field, column, show = display] of labels) {
    const a = (before[field] ?? null) as unknown, b = (after[field] ?? null) as unknown;
    if (a !== b) out.push({ column, from: show(a), to: show(b) });
  }
  return out;
}

/**
 * A fingerprint of what the commit would write and skip. The preview returns it; the commit recomputes the
 * plan inside its transaction and refuses when the fingerprint differs (the data changed in between).
 */
export async function planDigest(plan: Plan): Promise<string> {
  const canon = JSON.stringify([
    plan.kind,
    plan.create.map((c) => [c.row, c.key, c.values]),
    plan.update.map((u) => [u.row, u.key, u.id, u.changes]),
    plan.unchanged,
    plan.reject.map((r) => [r.row, r.column, r.reason]),
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canon));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A row's problems in the kind's column order, the row-wide ones (no column) first. */
export function sortRejects(rejects: Reject[], columnOrder: readonly string[]): Reject[] {
  const rank = (r: Reject) => (r.column === null ? -1 : columnOrder.indexOf(r.column));
  return [...rejects].sort((a, b) => rank(a) - rank(b));
}

/** Distinct rows with at least one reject. */
export function rejectedRows(plan: Pick<Plan, "reject">): number {
  return new Set(plan.reject.map((r) => r.row)).size;
}
