// Backups of the embedded database (issue 16, point 4). A backup is PGlite's own dump of its data directory
// (a gzipped tar): taken between two statements (PGlite runs one at a time and the dump waits its turn), it
// is a crash-consistent copy, so a restore recovers every committed transaction and none half-done, while
// the server keeps running. PostgreSQL is backed up with pg_dump / pg_restore (docs/deploy.md).
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type DbHandle, openDatabase } from "../db/client.ts";
import { lockDataDir } from "../db/lock.ts";
import { DomainError } from "../errors.ts";

export const BACKUP_ERRORS = {
  usePgDump: "backup.use_pg_dump",
} as const;

/** The dump of an open embedded database, checkpointed first so a restore replays little. */
export async function dumpEmbedded(h: DbHandle): Promise<Blob> {
  if (!h.pglite) {
    throw new DomainError(
      BACKUP_ERRORS.usePgDump,
      "conflict",
      "This server uses PostgreSQL: back it up with pg_dump (docs/deploy.md, Backups).",
    );
  }
  await h.pglite.query("checkpoint");
  return await h.pglite.dumpDataDir("gzip");
}

/** Writes bytes to `file` through a temporary name, so a backup interrupted half way leaves no file. */
export function writeAtomically(file: string, bytes: Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${crypto.randomUUID()}.partial`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

/**
 * Restores a backup into `dataDir`, which must be empty or absent (a restore never overwrites a database),
 * then applies this build's migrations to it. The directory is locked meanwhile, as a server would.
 */
export async function restoreEmbedded(backup: Blob, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into a new directory, then point DATA_DIR at it.`);
  }
  const release = lockDataDir(dataDir);
  try {
    const pg = new PGlite(dataDir, { loadDataDir: backup });
    await pg.waitReady;
    await pg.query("checkpoint");
    await pg.close();
  } finally {
    release();
  }
  // Opened the usual way: migrations of a newer build apply, as on a server's start.
  const h = await openDatabase({ dataDir, migrate: true });
  await h.close();
}
