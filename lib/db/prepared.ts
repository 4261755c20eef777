// A hot statement built once per database handle: drizzle otherwise rebuilds its SQL text from the query
// tree on every call (a ten-table join with ~80 columns: the largest part of a tracker edit's CPU time).
// The statement takes its varying values as placeholders (`sql.placeholder`), filled at execute().
import { withRowMapper } from "./row-mapper.ts";

/** What `.prepare(name)` returns on either driver: run with the placeholders' values. */
export interface Prepared<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

const built = new WeakMap<object, Map<string, Prepared<unknown>>>();

/**
 * The statement `key` for `db`, built by `build` the first time only. A transaction is its own handle. A
 * select maps its rows with a mapper compiled once (row-mapper.ts), not drizzle's per-value one.
 */
export function preparedOnce<T>(db: object, key: string, build: () => Prepared<T>): Prepared<T> {
  let forDb = built.get(db);
  if (!forDb) built.set(db, forDb = new Map());
  let statement = forDb.get(key) as Prepared<T> | undefined;
  if (!statement) forDb.set(key, statement = withRowMapper(build()));
  return statement;
}
