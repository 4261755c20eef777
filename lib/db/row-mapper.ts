// drizzle's row mapping (mapResultRow in drizzle-orm/utils), compiled once per prepared statement. drizzle
// works out each column's decoder, path and join nullability again for every value of every row: for the
// tracker's 150 rows x 47 columns that was ~4 ms of a page's ~24 ms, more than PostgreSQL took to run the
// query (issue 15). The compiled mapper gives the same objects: the same keys in the same order, the same
// decoders, and a left-joined object null exactly when drizzle makes it null (its first column is null,
// all its columns come from one table, and that table is nullable in the join). row-mapper.test.ts holds
// the two side by side.
import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

/** What drizzle keeps on a prepared select (both the postgres-js and the PGlite drivers). */
interface DrizzlePrepared {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

type Decode = (raw: unknown) => unknown;

interface Decoder {
  mapFromDriverValue(raw: unknown): unknown;
}
/** The shapes drizzle reads a decoder from: a column, an SQL expression, a subquery, an aliased SQL. */
type Field = Decoder & { decoder: Decoder; sql: { decoder: Decoder }; _: { sql: { decoder: Decoder } } };

function decoderOf(field: unknown): Decode {
  const f = field as Field;
  const decoder = is(field, Column)
    ? f
    : is(field, SQL)
    ? f.decoder
    : is(field, Subquery)
    ? f._.sql.decoder
    : f.sql.decoder;
  return (raw) => raw === null ? null : decoder.mapFromDriverValue(raw);
}

/** One step of building a row: make a nested object, or set a value (nodes are numbered, 0 the row). */
type Op = { make: number; parent: number; key: string } | {
  set: number;
  node: number;
  key: string;
  decode: Decode;
};

export type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];

/** The mapper for `fields` (drizzle's ordered selection), nullable joins as drizzle records them. */
export function compileRowMapper(
  fields: { path: string[]; field: unknown }[],
  joinsNotNullableMap?: Record<string, boolean>,
): RowMapper {
  const ops: Op[] = [];
  const nodes = new Map<string, number>([["", 0]]);
  // Per top-level object: drizzle's nullify rule, decided once instead of per row.
  const objects = new Map<string, { first: number; table: string | false }>();
  fields.forEach(({ path, field }, index) => {
    let parent = 0;
    for (let depth = 0; depth < path.length - 1; depth++) {
      const key = path.slice(0, depth + 1).join("\u0000");
      let node = nodes.get(key);
      if (node === undefined) {
        nodes.set(key, node = nodes.size);
        ops.push({ make: node, parent, key: path[depth] });
      }
      parent = node;
    }
    ops.push({ set: index, node: parent, key: path[path.length - 1], decode: decoderOf(field) });
    if (joinsNotNullableMap && is(field, Column) && path.length === 2) {
      const table = getTableName(field.table);
      const seen = objects.get(path[0]);
      if (!seen) objects.set(path[0], { first: index, table });
      else if (seen.table !== table) seen.table = false;
    }
  });
  const nullify = [...objects].filter(([, o]) => o.table !== false && !joinsNotNullableMap![o.table])
    .map(([name, o]) => ({ name, first: o.first }));
  const nodeCount = nodes.size;
  return (rows) =>
    rows.map((row) => {
      const built: Record<string, unknown>[] = new Array(nodeCount);
      built[0] = {};
      const values: unknown[] = new Array(row.length);
      for (const op of ops) {
        if ("make" in op) built[op.parent][op.key] = built[op.make] = {};
        else built[op.node][op.key] = values[op.set] = op.decode(row[op.set]);
      }
      for (const n of nullify) if (values[n.first] === null) built[0][n.name] = null;
      return built[0];
    });
}

/** Gives a drizzle prepared select the compiled mapper; anything else is returned as it is. */
export function withRowMapper<T>(prepared: T): T {
  const p = prepared as unknown as DrizzlePrepared;
  if (p && Array.isArray(p.fields) && !p.customResultMapper) {
    p.customResultMapper = compileRowMapper(p.fields, p.joinsNotNullableMap);
  }
  return prepared;
}
