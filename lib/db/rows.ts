/** Rows of a raw `db.execute()` on either driver: PGlite answers `{ rows }`, postgres.js an array. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  const r = result as { rows?: T[] };
  return Array.isArray(r.rows) ? r.rows : [...(result as T[])];
}
