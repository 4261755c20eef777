import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number | undefined) {
    super(
      `The embedded database in ${dir} is in use by another process${pid ? ` (pid ${pid})` : ""}. ` +
        `Stop that process first, or set DATABASE_URL to share a PostgreSQL server.`,
    );
    this.name = "DataDirLockedError";
  }
}

/** The part of Deno.FsFile used here, typed locally: astro check type-checks this file without Deno's types. */
interface LockFile {
  tryLockSync(exclusive: boolean): boolean;
  statSync(): { ino: number | null };
  truncateSync(len: number): void;
  writeSync(data: Uint8Array): number;
  close(): void;
}
interface DenoFs {
  openSync(path: string, options: { read: boolean; write: boolean; create: boolean }): LockFile;
}
const denoFs = (): DenoFs => (globalThis as unknown as { Deno: DenoFs }).Deno;

function pidIn(path: string): number | undefined {
  try {
    return Number(readFileSync(path, "utf8").trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** The lock file, opened and locked, or undefined when another process holds it. */
function tryLockFile(path: string): LockFile | undefined {
  for (let attempt = 0; attempt < 5; attempt++) {
    const file = denoFs().openSync(path, { read: true, write: true, create: true });
    let locked = false;
    try {
      locked = file.tryLockSync(true);
      // Locked a file its holder deleted on release after we opened it: try again on the new one.
      if (locked && existsSync(path) && statSync(path).ino === file.statSync().ino) return file;
    } catch (e) {
      file.close();
      throw e;
    }
    file.close();
    if (!locked) return undefined;
  }
  throw new Error(`Could not lock ${path}`);
}

/**
 * PGlite happily lets a second process write into a live data directory, corrupting it. An exclusive OS
 * file lock (flock) on dsp.lock, held while the process lives, keeps it to one process: the kernel drops it
 * the moment its holder dies, so neither a stale file nor a recycled pid matters. The pid written in the
 * file only names the holder in the error. Release deletes the file while still holding the lock, so a
 * data directory without dsp.lock is a closed one.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "dsp.lock");
  const file = tryLockFile(path);
  if (!file) throw new DataDirLockedError(dir, pidIn(path));
  file.truncateSync(0);
  file.writeSync(new TextEncoder().encode(String(process.pid)));
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off("exit", release);
    rmSync(path, { force: true });
    file.close();
  };
  process.once("exit", release);
  return release;
}
