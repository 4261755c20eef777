// Opening the database from the CLI: the same client as the server (DATABASE_URL or the embedded
// PGlite in DATA_DIR). An embedded database in use by a running server is refused by its lock.
import process from "node:process";
import { resolve } from "node:path";
import { type DbHandle, openDatabase } from "../lib/db/client.ts";
import { DataDirLockedError } from "../lib/db/lock.ts";
import { config } from "../lib/config.ts";
import { CliError } from "./errors.ts";

// Migrations belong to the code, not to the directory cron happens to start in.
process.env.MIGRATIONS_DIR ||= resolve(import.meta.dirname!, "../lib/db/migrations");

export interface DatabaseDescription {
  kind: "pglite" | "postgres";
  /** The data directory, or host/database of the server (never its password). */
  location: string;
}

export function describeDatabase(): DatabaseDescription {
  const url = config.databaseUrl;
  if (!url) return { kind: "pglite", location: resolve(config.dataDir) };
  try {
    const u = new URL(url);
    return { kind: "postgres", location: `${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname}` };
  } catch {
    return { kind: "postgres", location: "(DATABASE_URL)" };
  }
}

export function databaseLabel(d: DatabaseDescription = describeDatabase()): string {
  return d.kind === "pglite" ? `embedded database in ${d.location}` : `PostgreSQL at ${d.location}`;
}

/** Opens the database (applying migrations unless told not to), runs `fn`, and always closes it. */
export async function withDatabase<T>(
  fn: (h: DbHandle) => Promise<T>,
  opts: { migrate?: boolean } = {},
): Promise<T> {
  let handle: DbHandle;
  try {
    handle = await openDatabase({ migrate: opts.migrate });
  } catch (e) {
    if (e instanceof DataDirLockedError || (e as Error)?.name === "DataDirLockedError") {
      throw new CliError((e as Error).message);
    }
    throw new CliError(`Cannot open the ${databaseLabel()}: ${(e as Error)?.message ?? e}`);
  }
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}
