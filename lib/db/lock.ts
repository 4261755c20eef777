import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
        `Stop that process first, or set DATABASE_URL to share a PostgreSQL server.`,
    );
    this.name = "DataDirLockedError";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
}

const held = new Set<string>();

/**
 * PGlite happily lets a second process write into a live data directory, corrupting it.
 * A pid file claimed with O_EXCL keeps it to one process; a stale file (dead pid) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "dsp.lock");
  if (held.has(path)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(path);
      const release = () => {
        if (!held.delete(path)) return;
        try {
          rmSync(path, { force: true });
        } catch { /* already gone */ }
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as { code?: string }).code !== "EEXIST") throw e;
      const pid = Number(readFileSync(path, "utf8").trim());
      if (pid && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
