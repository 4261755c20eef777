// Thousands of demo rows in one statement: the rows travel as one JSON parameter (json_populate_recordset)
// instead of tens of thousands of bind parameters, which is what keeps the demo seed fast on the embedded
// database. The shift history, the schedule and the invoices all insert through it.
import { getTableColumns, getTableName, is, SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client.ts";

const CHUNK = 2_000;

export async function insertJsonRows<T extends PgTable>(
  tx: Queryable,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insertChunk(tx, table, rows.slice(i, i + CHUNK));
}

async function insertChunk<T extends PgTable>(tx: Queryable, table: T, rows: T["$inferInsert"][]) {
  if (!rows.length) return;
  // Only the columns some row sets; the others take the table's defaults.
  const present = new Set(rows.flatMap((r) => Object.keys(r as object)));
  const cols = Object.entries(getTableColumns(table)).filter(([key]) => key !== "id" && present.has(key));
  const data = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, col] of cols) {
      const v = (row as Record<string, unknown>)[key];
      const fallback = col.hasDefault && !is(col.default, SQL) ? col.default ?? null : null;
      out[col.name] = v instanceof Date ? v.toISOString() : v === undefined ? fallback : v;
    }
    return out;
  });
  const names = sql.raw(cols.map(([, c]) => `"${c.name}"`).join(", "));
  const type = sql.raw(`null::"${getTableName(table)}"`);
  await tx.execute(sql`insert into ${table} (${names})
    select ${names} from json_populate_recordset(${type}, ${JSON.stringify(data)}::json)`);
}
