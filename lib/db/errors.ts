// PostgreSQL error codes behind drizzle's wrappers (PGlite and postgres-js both carry `code`, sometimes
// on a `cause`): the one place every module asks whether a write met a unique or foreign key.

/** What the drivers' errors (and their causes) may carry. */
type PgErrorLike =
  | { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown }
  | null;

export function pgErrorCode(e: unknown): string | null {
  for (let c = e as PgErrorLike, depth = 0; c && depth < 5; c = c.cause as PgErrorLike, depth++) {
    if (typeof c.code === "string" && /^[0-9A-Z]{5}$/.test(c.code)) return c.code;
  }
  return null;
}

/** The constraint a PostgreSQL error names, when it names one. */
export function pgConstraint(e: unknown): string | null {
  for (let c = e as PgErrorLike, depth = 0; c && depth < 5; c = c.cause as PgErrorLike, depth++) {
    const name = c.constraint ?? c.constraint_name;
    if (typeof name === "string") return name;
  }
  return null;
}

export const isUniqueViolation = (e: unknown) => pgErrorCode(e) === "23505";
export const isForeignKeyViolation = (e: unknown) => pgErrorCode(e) === "23503";

/** Driver and socket codes of a database that cannot be reached or went away (postgres-js, node:net). */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

/**
 * Whether an error means the database is not answering (refused, closed, timed out, shutting down: SQLSTATE
 * class 08 and 57P01-57P03), as opposed to a query it answered with a refusal. The edge answers 503.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  for (let c = e as PgErrorLike, depth = 0; c && depth < 5; c = c.cause as PgErrorLike, depth++) {
    const code = typeof c.code === "string" ? c.code : "";
    if (UNREACHABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
  }
  return false;
}
