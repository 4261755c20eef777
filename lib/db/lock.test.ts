import assert from "node:assert/strict";
import { join } from "node:path";
import { DataDirLockedError, lockDataDir } from "./lock.ts";

const lockModule = new URL("./lock.ts", import.meta.url).href;

/** A second process that locks `dir` and keeps it; resolves once it holds the lock. */
async function holdInChild(dir: string): Promise<Deno.ChildProcess> {
  const script = `import { lockDataDir } from "${lockModule}";
lockDataDir(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000);`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", script],
    stdout: "piped",
    stderr: "inherit",
  })
    .spawn();
  const reader = child.stdout.getReader();
  let seen = "";
  while (!seen.includes("locked")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the child exited before locking: ${seen}`);
    seen += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  child.stdout.cancel().catch(() => {});
  return child;
}

Deno.test("lock: a stale lock file naming a live, unrelated pid does not block opening", async () => {
  const dir = await Deno.makeTempDir();
  const sleeper = new Deno.Command("sleep", { args: ["30"] }).spawn();
  try {
    await Deno.writeTextFile(join(dir, "dsp.lock"), String(sleeper.pid));
    const release = lockDataDir(dir);
    release();
  } finally {
    sleeper.kill("SIGKILL");
    await sleeper.status;
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("lock: another process's lock refuses us; its death frees the directory at once", async () => {
  const dir = await Deno.makeTempDir();
  const child = await holdInChild(dir);
  try {
    assert.throws(() => lockDataDir(dir), (e: unknown) => {
      assert.ok(e instanceof DataDirLockedError);
      assert.match(e.message, new RegExp(`pid ${child.pid}\\b`));
      return true;
    });
  } finally {
    child.kill("SIGKILL");
    await child.status;
  }
  const release = lockDataDir(dir);
  release();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("lock: released, the directory can be locked again in the same process", () => {
  const dir = Deno.makeTempDirSync();
  const release = lockDataDir(dir);
  assert.throws(() => lockDataDir(dir), DataDirLockedError);
  release();
  lockDataDir(dir)();
  Deno.removeSync(dir, { recursive: true });
});
