// The tokens `dsp login` stores for later commands: one JSON file, readable by its owner only.
import process from "node:process";
import { dirname, join } from "node:path";
import { z } from "zod";
import { CliError } from "./errors.ts";

const credentialsShape = z.object({
  server: z.string().min(1),
  email: z.string(),
  access: z.string().min(1),
  refresh: z.string().min(1),
  saved_at: z.string().optional(),
});
export type Credentials = z.infer<typeof credentialsShape>;

/** `$DSP_CREDENTIALS`, else `~/.config/dsp/credentials.json` (XDG_CONFIG_HOME respected). */
export function credentialsPath(): string {
  if (process.env.DSP_CREDENTIALS) return process.env.DSP_CREDENTIALS;
  const home = process.env.HOME ?? process.env.USERPROFILE;
  const configHome = process.env.XDG_CONFIG_HOME || (home ? join(home, ".config") : undefined);
  if (!configHome) throw new CliError("Cannot tell where to keep credentials: set DSP_CREDENTIALS or HOME.");
  return join(configHome, "dsp", "credentials.json");
}

export async function loadCredentials(path = credentialsPath()): Promise<Credentials | null> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw new CliError(`Cannot read the credentials file ${path}: ${(e as Error).message}`);
  }
  try {
    return credentialsShape.parse(JSON.parse(text));
  } catch {
    throw new CliError(
      `The credentials file ${path} is damaged: run \`dsp logout\`, then \`dsp login\` again.`,
    );
  }
}

const isWindows = Deno.build.os === "windows";

/** Written to a temporary file (mode 0600) and renamed, so a reader never sees half a file. */
export async function saveCredentials(creds: Credentials, path = credentialsPath()): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${Deno.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  const body = JSON.stringify({ ...creds, saved_at: new Date().toISOString() }, null, 2) + "\n";
  try {
    await Deno.writeTextFile(tmp, body, { mode: 0o600, createNew: true });
    if (!isWindows) await Deno.chmod(tmp, 0o600);
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw new CliError(`Cannot write the credentials file ${path}: ${(e as Error).message}`);
  }
}

/** Returns whether there was a file to delete. */
export async function deleteCredentials(path = credentialsPath()): Promise<boolean> {
  try {
    await Deno.remove(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw new CliError(`Cannot delete the credentials file ${path}: ${(e as Error).message}`);
  }
}

const LOCK_WAIT_MS = 15_000;
const LOCK_STALE_MS = 60_000;

/**
 * Serialises token refreshes between dsp processes sharing one credentials file (two cron jobs at the
 * same minute): refresh tokens rotate, and presenting a used one ends the session on the server.
 */
export async function withCredentialsLock<T>(fn: () => Promise<T>, path = credentialsPath()): Promise<T> {
  const lock = `${path}.lock`;
  await Deno.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const f = await Deno.open(lock, { write: true, createNew: true, mode: 0o600 });
      await f.write(new TextEncoder().encode(String(Deno.pid)));
      f.close();
      break;
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) {
        throw new CliError(`Cannot lock ${lock}: ${(e as Error).message}`);
      }
      const age = await Deno.stat(lock).then((s) => Date.now() - (s.mtime?.getTime() ?? 0), () => 0);
      if (age > LOCK_STALE_MS) {
        await Deno.remove(lock).catch(() => {});
        continue;
      }
      if (Date.now() > deadline) {
        throw new CliError(`Another dsp process holds ${lock}; if none is running, delete that file.`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    await Deno.remove(lock).catch(() => {});
  }
}
