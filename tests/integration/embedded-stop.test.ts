// main.ts on an embedded database stops cleanly on SIGTERM: it exits 0, releases the data directory, and
// PostgreSQL inside PGlite was shut down (the next open finds nothing to recover; after a kill PostgreSQL
// logs 'database system was not properly shut down', which tests/bench/foundation.ts's unclean restart shows).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteSnapshot } from "../helpers/db.ts";

/** Opens `dir` in PGlite, returns what PostgreSQL said while starting. */
async function startupLog(dir: string): Promise<string> {
  const lines: string[] = [];
  const pg = new PGlite(dir, { onStderr: (s) => (lines.push(s), true) });
  await pg.waitReady;
  await pg.close();
  return lines.join("\n");
}

async function startMain(dir: string): Promise<{ child: Deno.ChildProcess; output: () => string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    env: { DATA_DIR: dir, DATABASE_URL: "", DEMO: "false", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let text = "";
  const decoder = new TextDecoder();
  const read = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s) text += decoder.decode(chunk, { stream: true });
  };
  read(child.stdout);
  read(child.stderr);
  const deadline = Date.now() + 120_000;
  while (!/listening on (http:\/\/\S+)/.test(text)) {
    if (Date.now() > deadline) throw new Error(`main.ts did not start:\n${text}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  const url = /listening on (http:\/\/\S+)/.exec(text)![1];
  const health = await fetch(`${url}/api/health`);
  assert.equal(health.status, 200, await health.text());
  return { child, output: () => text };
}

Deno.test(
  { name: "main.ts on an embedded database stops cleanly on SIGTERM", sanitizeResources: false },
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "dsp-embedded-stop-" });
    try {
      // A prepared database on disk, from the test snapshot (a first start would seed for a minute).
      const seed = new PGlite(join(dir, "db"), { loadDataDir: await pgliteSnapshot("empty") });
      await seed.waitReady;
      await seed.close();
      const data = join(dir, "db");

      const { child, output } = await startMain(data);
      child.kill("SIGTERM");
      const status = await child.status;
      assert.equal(status.code, 0, output());
      assert.match(output(), /stopped cleanly \(SIGTERM\)/);
      assert.equal(existsSync(join(data, "dsp.lock")), false, "the data directory is released");
      assert.doesNotMatch(await startupLog(data), /not properly shut down|recovery/);
    } finally {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
);
