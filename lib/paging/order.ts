// The SQL half of the paging schema (query.ts): a validated ordering as ORDER BY.
import { asc, desc, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** ORDER BY for a validated ordering, always ending on id so pages never repeat or skip rows. */
export function orderBy(
  ordering: string,
  columns: Record<string, AnyPgColumn | SQL>,
  id: AnyPgColumn,
): SQL[] {
  const descending = ordering.startsWith("-");
  const col = columns[ordering.replace(/^-/, "")];
  const first = col ? [descending ? desc(col) : asc(col)] : [];
  return [...first, descending ? desc(id) : asc(id)];
}
