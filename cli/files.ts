// Files the CLI writes for cron and people (payroll and fleet-report dumps): written beside the target under
// a temporary name and renamed over it, so a run killed half way (kill -9, a full disk) never leaves half a
// workbook where the next step of a cron job, or a person, would open it. The old file stays until then.
import { basename, dirname, join } from "node:path";

export async function writeWholeFile(path: string, bytes: Uint8Array): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${Deno.pid}.${crypto.randomUUID().slice(0, 8)}.part`);
  try {
    await Deno.writeFile(tmp, bytes, { createNew: true });
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}
