// "What references it": before a reference row is deleted, every row that points at it is counted in SQL.
// The foreign keys are read from the database catalogue, so a table another module adds later (shift
// records, invoices, ...) blocks a delete without this file knowing it. People are counted once however
// many of their columns point at the row (a DA's own agency and their spot's agency are one DA).
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";

export interface ReferenceCount {
  /** Plural or singular label matching the count: "48 DAs", "1 van". */
  label: string;
  count: number;
}

interface ForeignKey {
  table: string;
  column: string;
}

/** Non-cascading single-column foreign keys into `table` (rows a delete would leave dangling). */
export async function foreignKeysInto(db: Queryable, table: string): Promise<ForeignKey[]> {
  const result = await db.execute(sql`
    select cl.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and cardinality(c.conkey) = 1 and c.confdeltype in ('a', 'r')
      and c.confrelid = (
        select t.oid from pg_class t join pg_namespace n on n.oid = t.relnamespace
        where t.relname = ${table} and n.nspname = current_schema() and t.relkind in ('r', 'p'))
    order by 1, 2`);
  return rowsOf<ForeignKey>(result);
}

const LABELS: Record<string, [string, string]> = {
  vans: ["van", "vans"],
  scanners: ["scanner", "scanners"],
  uploads: ["uploaded file", "uploaded files"],
  status_changes: ["status change", "status changes"],
  van_groups: ["van group", "van groups"],
};

function labelFor(table: string, count: number): string {
  const known = LABELS[table];
  if (known) return known[count === 1 ? 0 : 1];
  const words = table.replaceAll("_", " ");
  return count === 1 ? words.replace(/ies$/, "y").replace(/s$/, "") : words;
}

/** Tables whose rows stand for a person: counted as distinct people, split into DAs and staff. */
const PEOPLE: Record<string, (column: SQLWrapper, id: number) => SQL> = {
  users: (c, id) => sql`select u.id as user_id from users u where u.${c} = ${id}`,
  station_spots: (c, id) => sql`select sp.user_id from station_spots sp where sp.${c} = ${id}`,
  station_spot_fleet_groups: (c, id) =>
    sql`select sp.user_id from station_spot_fleet_groups x join station_spots sp on sp.id = x.spot_id where x.${c} = ${id}`,
};

export interface CountOptions {
  /** Staff accounts' access to the row does not block (a station's staff spots go with the station). */
  staffDoNotBlock?: boolean;
  /** References that are not foreign keys, e.g. a van's status history. */
  extra?: { label: [string, string]; query: SQL }[];
}

/** Every reference to `table`.`id` = id; empty when the row is free to delete. */
export async function countReferences(
  db: Queryable,
  table: string,
  id: number,
  opts: CountOptions = {},
): Promise<ReferenceCount[]> {
  const keys = await foreignKeysInto(db, table);
  const people: SQL[] = [];
  const byTable = new Map<string, string[]>();
  for (const k of keys) {
    if (PEOPLE[k.table]) people.push(PEOPLE[k.table](sql.identifier(k.column), id));
    else byTable.set(k.table, [...(byTable.get(k.table) ?? []), k.column]);
  }
  const out: ReferenceCount[] = [];
  const rest: ReferenceCount[] = [];
  if (people.length) {
    const [row] = rowsOf<{ das: number; staff: number }>(
      await db.execute(sql`
      select count(distinct u.id) filter (where u.role = 5)::int as das,
             count(distinct u.id) filter (where u.role <> 5)::int as staff
      from (${sql.join(people, sql` union all `)}) r join users u on u.id = r.user_id`),
    );
    if (row.das) out.push({ label: row.das === 1 ? "DA" : "DAs", count: Number(row.das) });
    if (row.staff && !opts.staffDoNotBlock) {
      out.push({ label: row.staff === 1 ? "staff account" : "staff accounts", count: Number(row.staff) });
    }
  }
  for (const [t, cols] of byTable) {
    const match = sql.join(cols.map((c) => sql`${sql.identifier(c)} = ${id}`), sql` or `);
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${sql.identifier(t)} where ${match}`),
    );
    const n = Number(row.n);
    if (n) rest.push({ label: labelFor(t, n), count: n });
  }
  for (const e of opts.extra ?? []) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${e.query}) q`));
    const n = Number(row.n);
    if (n) rest.push({ label: e.label[n === 1 ? 0 : 1], count: n });
  }
  // People first (DAs, staff), then everything else, most references first.
  return [...out, ...rest.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))];
}

/** "Cannot delete station DON9: 48 DAs, 30 vans and 60 scanners use it." */
export function referencesMessage(what: string, refs: ReferenceCount[]): string {
  const parts = refs.map((r) => `${r.count} ${r.label}`);
  const list = parts.length > 1
    ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`
    : parts[0];
  const verb = refs.length === 1 && refs[0].count === 1 ? "uses" : "use";
  return `Cannot delete ${what}: ${list} ${verb} it.`;
}
