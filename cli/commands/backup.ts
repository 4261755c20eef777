// `dsp backup <file>` and `dsp restore <file> --data-dir <dir>`: the embedded database's backups (issue 16,
// point 4). With no server running, backup opens DATA_DIR itself (its lock keeps a server from starting
// meanwhile); while a server holds the directory, it asks that server (GET /api/backup/, owner only, with
// the stored `dsp login`), which takes the dump between two statements. Either way the file is PGlite's
// dump (a gzipped tar), written through a temporary name. PostgreSQL: pg_dump / pg_restore (docs/deploy.md).
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { openDatabase } from "../../lib/db/client.ts";
import { DataDirLockedError } from "../../lib/db/lock.ts";
import { dumpEmbedded, restoreEmbedded, writeAtomically } from "../../lib/ops/backup.ts";
import { ApiError, apiFetch, errorDetail } from "../client.ts";
import { databaseLabel, describeDatabase } from "../database.ts";
import { CliError } from "../errors.ts";
import { result } from "../output.ts";

const PG_DUMP = "This is PostgreSQL (DATABASE_URL): back it up with " +
  '`pg_dump --format=custom --file=dsp.dump "$DATABASE_URL"` and restore with pg_restore (docs/deploy.md).';

async function dumpDirectly(): Promise<Uint8Array | null> {
  let h;
  try {
    h = await openDatabase({ migrate: false });
  } catch (e) {
    if (e instanceof DataDirLockedError || (e as Error)?.name === "DataDirLockedError") return null;
    throw new CliError(`Cannot open the ${databaseLabel()}: ${(e as Error)?.message ?? e}`);
  }
  try {
    return new Uint8Array(await (await dumpEmbedded(h)).arrayBuffer());
  } finally {
    await h.close();
  }
}

async function dumpThroughServer(): Promise<Uint8Array> {
  const res = await apiFetch("/api/backup/").catch((e) => {
    throw new CliError(
      `The ${databaseLabel()} is in use by a running server, and asking that server failed: ${
        (e as Error).message
      }. Sign in to it as an owner with \`dsp login --server URL --email E\`, then run dsp backup again.`,
    );
  });
  if (!res.ok) {
    const { message, body } = await errorDetail(res);
    throw new ApiError(
      res.status,
      res.status === 403 ? `${message} (backups are for the owner role)` : message,
      body,
    );
  }
  return new Uint8Array(await res.arrayBuffer());
}

export function registerBackup(program: Command): void {
  program.command("backup <file>")
    .description("Save a consistent backup of the embedded database (also while the server runs)")
    .action(async (file: string) => {
      if (describeDatabase().kind === "postgres") throw new CliError(PG_DUMP);
      const direct = await dumpDirectly();
      const bytes = direct ?? await dumpThroughServer();
      const target = resolve(file);
      writeAtomically(target, bytes);
      const via = direct ? "the data directory" : "the running server";
      result({ file: target, bytes: bytes.length, via }, [
        `Wrote ${target} (${bytes.length} bytes, from ${via}).`,
      ]);
    });
  program.command("restore <file>")
    .description(
      "Restore a backup into a new, empty data directory (then start the server with DATA_DIR=<dir>)",
    )
    .requiredOption("--data-dir <dir>", "where to restore it: absent or empty")
    .action(async (file: string, opts: { dataDir: string }) => {
      const source = resolve(file);
      if (!existsSync(source)) throw new CliError(`No such file: ${source}`);
      const dir = resolve(opts.dataDir);
      try {
        await restoreEmbedded(new Blob([readFileSync(source)]), dir);
      } catch (e) {
        throw new CliError(`Cannot restore into ${dir}: ${(e as Error)?.message ?? e}`);
      }
      result({ file: source, data_dir: dir }, [
        `Restored ${source} into ${dir}.`,
        `Start the server on it with DATA_DIR=${dir}.`,
      ]);
    });
}
