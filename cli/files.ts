// Files the CLI writes for cron and people (payroll and fleet-report dumps): written beside the target under
// a temporary name and renamed over it, so a run killed half way (kill -9, a full disk) never leaves half a
// workbook where the next step of a cron job, or a person, would open it. The old file stays until then.
//
// The temporary name (".<file>.<host>.<pid>.<random>.part") is hidden, never the target's, and says whose it
// is: a run killed while writing leaves one behind, and the next run for the same target on the same host
// removes it once its process is gone (tests/http/kill-9-payroll.test.ts). A file of a process still
// running (another run writing at the same time) or of another host (a shared folder) is left alone.
import { basename, dirname, join } from "node:path";
import process from "node:process";

function host(): string {
  try {
    return Deno.hostname().replace(/[^A-Za-z0-9-]/g, "-") || "host";
  } catch {
    return "host";
  }
}

/** The temporary name of `path` for this process. */
export function partName(path: string): string {
  return join(
    dirname(path),
    `.${basename(path)}.${host()}.${Deno.pid}.${crypto.randomUUID().slice(0, 8)}.part`,
  );
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as { code?: string }).code !== "ESRCH";
  }
}

/** Removes what killed runs for `path` left (their process is gone); returns the names removed. */
export async function removeStaleParts(path: string): Promise<string[]> {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.${host()}.`;
  const removed: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (!entry.isFile || !entry.name.startsWith(prefix)) continue;
      const m = /^(\d+)\.[0-9a-f]{8}\.part$/.exec(entry.name.slice(prefix.length));
      if (!m || Number(m[1]) === Deno.pid || running(Number(m[1]))) continue;
      try {
        await Deno.remove(join(dir, entry.name));
        removed.push(entry.name);
      } catch { /* gone already, or not ours to remove */ }
    }
  } catch { /* an unreadable folder: the write below says what is wrong */ }
  return removed;
}

export async function writeWholeFile(path: string, bytes: Uint8Array): Promise<void> {
  await removeStaleParts(path);
  const tmp = partName(path);
  try {
    // On disk before the rename: after a power cut the target is the old file or the new one, never empty.
    const file = await Deno.open(tmp, { write: true, createNew: true });
    try {
      for (let at = 0; at < bytes.length;) at += await file.write(bytes.subarray(at));
      await file.syncData();
    } finally {
      file.close();
    }
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}
