// PostgreSQL stopped under a running app (issue 16, point 5): requests are answered 503 with a body that
// says so (not a hang, not a 500), /api/ready says which check failed, and once PostgreSQL is back the same
// app answers again without a restart. On a PRIVATE throw-away cluster (initdb in a temp directory, its own
// port), never the shared server on 5432.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../lib/db/client.ts";
import { prepareDatabase } from "../../lib/boot/database.ts";
import { makeSpot, makeStation, makeUser } from "../../lib/demo/factories.ts";
import { startTestApp } from "../helpers/app.ts";

const bin = (() => {
  const root = "/usr/lib/postgresql";
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  return version ? join(root, version, "bin") : undefined;
})();

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((ok) => s.listen(0, "127.0.0.1", ok));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
async function run(tool: string, args: string[]): Promise<void> {
  const asRoot = Deno.uid() === 0;
  const cmd = asRoot ? "runuser" : join(bin!, tool);
  const argv = asRoot ? ["-u", "postgres", "--", join(bin!, tool), ...args] : args;
  const out = await new Deno.Command(cmd, { args: argv, stdout: "piped", stderr: "piped" }).output();
  if (!out.success) throw new Error(`${tool} failed: ${new TextDecoder().decode(out.stderr)}`);
}

Deno.test({
  name: "PostgreSQL stopped and started again: 503 with a clear body meanwhile, then the same app recovers",
  ignore: !bin,
  fn: async () => {
    const dir = mkdtempSync(join(tmpdir(), "dsp-pg-outage-"));
    const data = join(dir, "data");
    const port = await freePort();
    const pgctl = (action: "start" | "stop") =>
      run("pg_ctl", [
        "-D",
        data,
        "-w",
        "-l",
        join(dir, "log"),
        ...(action === "start"
          ? ["-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`]
          : ["-m", "fast"]),
        action,
      ]);
    if (Deno.uid() === 0) {
      await new Deno.Command("chown", { args: ["postgres:postgres", dir] }).output();
    }
    await run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
    await pgctl("start");
    let app: Awaited<ReturnType<typeof startTestApp>> | undefined;
    try {
      const h = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await prepareDatabase(h, { demo: false });
      const station = await makeStation(h.db);
      const user = await makeUser(h.db, { role: 4, password: "outage-pass-1", status: 1 });
      await makeSpot(h.db, user.id, station.id);
      app = await startTestApp({ db: h });
      const tok = await fetch(app.url + "/api/auth/token/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: "outage-pass-1" }),
      });
      assert.equal(tok.status, 200);
      const auth = { authorization: `Bearer ${(await tok.json()).access}` };
      // Probes come without a session; users with one.
      const get = async (path: string) => {
        const probe = path === "/api/ready" || path === "/api/health";
        const res = await fetch(app!.url + path, { headers: probe ? {} : auth });
        const text = await res.text();
        return { status: res.status, body: text.startsWith("{") ? JSON.parse(text) : text };
      };
      assert.equal((await get("/api/current-user/")).status, 200);
      assert.equal((await get("/api/ready")).status, 200);

      await pgctl("stop");
      for (const path of ["/api/current-user/", "/api/van/", "/fleet-status"]) {
        const r = await get(path);
        assert.equal(r.status, 503, `${path}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.code, "db.unavailable", path);
        assert.match(r.body.detail, /database is not answering/);
      }
      const ready = await get("/api/ready");
      assert.equal(ready.status, 503);
      assert.equal(ready.body.checks.database.ok, false);
      assert.match(ready.body.checks.database.detail, /ECONNREFUSED|connect|closed|terminat/i);
      assert.equal((await get("/api/health")).status, 503);

      await pgctl("start");
      // The pool reconnects on the next query: no restart of the app.
      assert.equal((await get("/api/current-user/")).status, 200);
      assert.equal((await get("/api/van/")).status, 200);
      assert.equal((await get("/api/ready")).status, 200);
    } finally {
      await app?.close().catch(() => {});
      await pgctl("stop").catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  },
});
