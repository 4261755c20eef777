// The small generic part of reference data: the list query, paging with a whitelisted ordering, and the
// delete that refuses (409, `reference.in_use`) while anything references the row.
import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { dbIdQuery, text } from "../inputs/fields.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { notFound } from "../errors.ts";
import { offset, type Paged } from "../paging/query.ts";
import { orderBy } from "../paging/order.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../db/errors.ts";
import { type CountOptions, countReferences, referencesMessage } from "./references.ts";
import { SCANNER_KINDS } from "./inputs.ts";
import { referenceInUse, unknownOrdering } from "./errors.ts";
import { rowsOf } from "../db/rows.ts";

/** Who is asking: every station-scoped read and write filters by these station ids. */
export interface RefViewer {
  id: number;
  stationIds: readonly number[];
  /** Org-wide writes need it (lib/reference/org-wide.ts); without one the caller counts as a dispatcher. */
  role?: number | null;
}

/** Page sizes of the tables, plus 1000 for pickers (02: rabbit and dolly lists are read 1000 at a time). */
export const REFERENCE_PAGE_SIZES = [10, 25, 50, 100, 1000] as const;
const blank = z.literal("").transform(() => undefined);

export const referenceListQuery = z.object({
  page: z.coerce.number().int().min(1, "Not valid").default(1),
  page_size: z.coerce.number().int().refine((n) => (REFERENCE_PAGE_SIZES as readonly number[]).includes(n), {
    message: "Must be 10, 25, 50, 100 or 1000",
  }).default(10),
  search: text().trim().max(100).optional(),
  ordering: text().trim().max(40).optional(),
  station: dbIdQuery().optional().or(blank),
  kind: z.enum(SCANNER_KINDS).optional().or(blank),
});
export type ReferenceListQuery = z.infer<typeof referenceListQuery>;

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
export function like(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The ordering asked for (or the default), refused with a clear 400 when the column is not sortable. */
export function ordering(
  q: ReferenceListQuery,
  columns: Record<string, AnyPgColumn | SQL>,
  fallback: string,
  id: AnyPgColumn,
): SQL[] {
  const o = q.ordering || fallback;
  if (!(o.replace(/^-/, "") in columns)) throw unknownOrdering(o, Object.keys(columns));
  return orderBy(o, columns, id);
}

/** count(*) and one page of rows for a select already joined and filtered by the caller. */
export async function paged<R, D>(
  count: Promise<{ count: number }[]>,
  rows: (limit: number, offset: number) => Promise<R[]>,
  q: ReferenceListQuery,
  map: (r: R) => D,
): Promise<Paged<D>> {
  const [{ count: n }] = await count;
  return { count: Number(n), results: (await rows(q.page_size, offset(q))).map(map) };
}

export const countOf = sql<number>`count(*)::int`;

/** Runs a write; a unique violation (two people saving at once past the check) becomes `conflict`. */
export async function uniqueOr<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict();
    throw e;
  }
}

export interface DeleteSpec {
  db: Queryable;
  table: PgTable;
  tableName: string;
  idColumn: AnyPgColumn;
  id: number;
  /** "station DON9", for the message. */
  what: string;
  count?: CountOptions;
  /** Rows that go with the deleted one (run after the check, in the same transaction). */
  before?: (tx: Tx) => Promise<void>;
}

/**
 * Deletes the row unless something references it (409 naming the references). The row is locked first, so
 * a reference inserted meanwhile waits for this transaction and then fails its own foreign-key check.
 */
export async function deleteUnreferenced(spec: DeleteSpec): Promise<{ detail: string }> {
  const refuse = async (q: Queryable) => {
    const refs = await countReferences(q, spec.tableName, spec.id, spec.count);
    if (refs.length) throw referenceInUse(referencesMessage(spec.what, refs), refs);
  };
  try {
    await spec.db.transaction(async (tx) => {
      const locked = await tx.execute(
        sql`select 1 from ${spec.table} where ${eq(spec.idColumn, spec.id)} for update`,
      );
      const n = rowsOf(locked).length;
      if (!n) throw notFound();
      await refuse(tx);
      if (spec.before) await spec.before(tx);
      await tx.delete(spec.table).where(eq(spec.idColumn, spec.id));
    });
  } catch (e) {
    if (!isForeignKeyViolation(e)) throw e;
    await refuse(spec.db);
    throw referenceInUse(`Cannot delete ${spec.what}: other records still use it.`);
  }
  const what = spec.what.charAt(0).toUpperCase() + spec.what.slice(1);
  return { detail: `${what} was deleted.` };
}
