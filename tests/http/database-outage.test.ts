// PostgreSQL stopped under a running app (issue 16, point 3): requests are answered 503 with a body that
// says so (not a hang, not a 500), /api/ready says which check failed, and once PostgreSQL is back the same
// app answers again without a restart: first one request at a time in this process, then under load, with
// eight clients reading through the stop and the start from the production entry (main.ts) in its own
// process. On a PRIVATE throw-away cluster (initdb in a temp directory, its own port), never the shared
// server on 5432; the cluster is stopped and removed in `finally`, whatever happened.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../lib/db/client.ts";
import { prepareDatabase } from "../../lib/boot/database.ts";
import { makeSpot, makeStation, makeUser } from "../../lib/demo/factories.ts";
import { startTestApp } from "../helpers/app.ts";
import { spawnServer } from "../helpers/server-process.ts";
import { makeReport } from "../integration/tracker-fixture.ts";

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

interface Cluster {
  url: string;
  start(): Promise<void>;
  /** A fast stop: PostgreSQL ends every session (57P01) and stops taking connections. */
  stop(): Promise<void>;
  /** Stops it (if running) and removes its directory. */
  dispose(): Promise<void>;
}

/** A new, running cluster of its own on a free port. */
async function privateCluster(): Promise<Cluster> {
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
        ? ["-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`]
        : ["-m", "fast"]),
      action,
    ]);
  const dispose = async () => {
    if (existsSync(join(data, "postmaster.pid"))) await pgctl("stop").catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (Deno.uid() === 0) {
      await new Deno.Command("chown", { args: ["postgres:postgres", dir] }).output();
    }
    await run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
    await pgctl("start");
  } catch (e) {
    await dispose();
    throw e;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgctl("start"),
    stop: () => pgctl("stop"),
    dispose,
  };
}

/** A migrated database with an owner who can sign in and one shift report of 20 rows at their station. */
async function seed(url: string) {
  const h = await openDatabase({ url });
  try {
    await prepareDatabase(h, { demo: false });
    const station = await makeStation(h.db);
    const user = await makeUser(h.db, { role: 4, password: "outage-pass-1", status: 1 });
    await makeSpot(h.db, user.id, station.id);
    const report = await makeReport(h.db, { stationId: station.id, reportDate: "2026-11-02", rows: 20 });
    return { email: user.email, password: "outage-pass-1", reportId: report.id };
  } finally {
    await h.close();
  }
}

async function bearer(base: string, email: string, password: string): Promise<Record<string, string>> {
  const tok = await fetch(base + "/api/auth/token/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(tok.status, 200);
  return { authorization: `Bearer ${(await tok.json()).access}` };
}

/** /api/ready's words for a database that is away: a connection that failed, or one that never answered. */
const NOT_ANSWERING = /^the database is not answering \(|^the database gave no answer within \d+ ms$/;

Deno.test({
  name: "PostgreSQL stopped and started again: 503 with a clear body meanwhile, then the same app recovers",
  ignore: !bin,
  fn: async () => {
    const cluster = await privateCluster();
    let app: Awaited<ReturnType<typeof startTestApp>> | undefined;
    try {
      const who = await seed(cluster.url);
      app = await startTestApp({ db: await openDatabase({ url: cluster.url }) });
      const auth = await bearer(app.url, who.email, who.password);
      // Probes come without a session; users with one.
      const get = async (path: string) => {
        const probe = path === "/api/ready" || path === "/api/health";
        const res = await fetch(app!.url + path, { headers: probe ? {} : auth });
        const text = await res.text();
        return { status: res.status, body: text.startsWith("{") ? JSON.parse(text) : text };
      };
      assert.equal((await get("/api/current-user/")).status, 200);
      assert.equal((await get("/api/ready")).status, 200);

      await cluster.stop();
      for (const path of ["/api/current-user/", "/api/van/", "/fleet-status"]) {
        const r = await get(path);
        assert.equal(r.status, 503, `${path}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.code, "db.unavailable", path);
        assert.match(r.body.detail, /database is not answering/);
      }
      const ready = await get("/api/ready");
      assert.equal(ready.status, 503);
      assert.equal(ready.body.checks.database.ok, false);
      assert.match(ready.body.checks.database.detail, NOT_ANSWERING);
      assert.equal((await get("/api/health")).status, 503);

      await cluster.start();
      // The pool reconnects on the next query: no restart of the app.
      assert.equal((await get("/api/current-user/")).status, 200);
      assert.equal((await get("/api/van/")).status, 200);
      assert.equal((await get("/api/ready")).status, 200);
    } finally {
      await app?.close().catch(() => {});
      await cluster.dispose();
    }
  },
});

// ---- under load

const CLIENTS = 8;
/** No answer within this is a hang. */
const HANG_MS = 10_000;
/** How long PostgreSQL stays down: short, the clients keep asking meanwhile. */
const DOWN_MS = 3_000;
/** Each client must be served again within this of PostgreSQL's start. */
const RECOVERY_MS = 10_000;

type Phase = "up" | "stopping" | "down" | "starting" | "back";

interface Answer {
  client: number;
  path: string;
  /** 0: no HTTP answer (aborted after HANG_MS, or the connection failed). */
  status: number;
  // deno-lint-ignore no-explicit-any
  body: any;
  error?: string;
  began: number;
  ended: number;
  phase: Phase;
}

/** Whether a non-2xx answer is the app's clear "database not answering" 503 for that path. */
function isClear503(a: Answer): boolean {
  if (a.status !== 503 || typeof a.body !== "object" || a.body === null) return false;
  if (a.path === "/api/ready") {
    const checks = Object.values(a.body.checks ?? {}) as { ok: boolean; detail: string }[];
    return a.body.status === "unavailable" &&
      checks.some((c) => !c.ok && NOT_ANSWERING.test(c.detail.replace(/^cannot read the [a-z ]+: /, "")));
  }
  return a.body.code === "db.unavailable" && /database is not answering/.test(a.body.detail ?? "");
}

Deno.test({
  name: "PostgreSQL restarted under 8 clients' reads: only 200s and clear 503s, no hang, all served again",
  ignore: !bin,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const cluster = await privateCluster();
    let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
    try {
      const who = await seed(cluster.url);
      const proc = server = await spawnServer(cluster.url);
      const base = proc.url;
      const auth = await bearer(base, who.email, who.password);
      const tracker = `/api/da-daily-report/${who.reportId}/`;
      const first = await fetch(base + tracker, { headers: auth });
      assert.equal(first.status, 200, await first.text());

      let phase = "up" as Phase;
      let stopped = false;
      const t0 = performance.now();
      const now = () => Math.round(performance.now() - t0);
      const marks: Partial<Record<Phase, number>> = { up: 0 };
      const enter = (p: Phase) => {
        phase = p;
        marks[p] = now();
      };
      const answers: Answer[] = [];
      let stopAsking = false;
      const ask = async (client: number, path: string): Promise<Answer> => {
        const began = now();
        const at = phase;
        try {
          const res = await fetch(base + path, {
            headers: path === "/api/ready" ? {} : auth,
            signal: AbortSignal.timeout(HANG_MS),
          });
          const text = await res.text();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch { /* not JSON: kept as text, and fails isClear503 */ }
          return { client, path, status: res.status, body, began, ended: now(), phase: at };
        } catch (e) {
          const error = `${(e as Error).name}: ${(e as Error).message}`;
          return { client, path, status: 0, body: null, error, began, ended: now(), phase: at };
        }
      };
      // Each client reads the tracker and asks /api/ready in turn, 20 ms apart, until told to stop.
      const clients = Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; !stopAsking; i++) {
          answers.push(await ask(client, i % 2 ? "/api/ready" : tracker));
          await new Promise((ok) => setTimeout(ok, 20));
        }
      });

      /** Per client: when (after PostgreSQL's start) its answers became and stayed 200s, or null. */
      const recoveredAt = () =>
        Array.from({ length: CLIENTS }, (_, c) => {
          const mine = answers.filter((a) => a.client === c && a.began >= marks.back!);
          const lastBad = mine.findLastIndex((a) => a.status !== 200);
          const good = mine.slice(lastBad + 1);
          return good.length >= 4 ? good[0].ended : null;
        });

      try {
        await new Promise((ok) => setTimeout(ok, 1000));
        enter("stopping");
        stopped = true;
        await cluster.stop();
        enter("down");
        await new Promise((ok) => setTimeout(ok, DOWN_MS));
        enter("starting");
        await cluster.start();
        stopped = false;
        enter("back");
        // Until every client has been served four times running, within the bound.
        while (now() - marks.back! < RECOVERY_MS + HANG_MS && recoveredAt().includes(null)) {
          await new Promise((ok) => setTimeout(ok, 100));
        }
      } finally {
        stopAsking = true;
        await Promise.all(clients);
        // Whatever happened above, PostgreSQL runs again (dispose stops it for good below).
        if (stopped) await cluster.start().catch(() => {});
      }

      const show = (list: Answer[]) =>
        list.slice(0, 5).map((a) => JSON.stringify(a).slice(0, 400)).join("\n") +
        `\n(phases at ${JSON.stringify(marks)} ms)\nserver said:\n${proc.output().slice(-15).join("\n")}`;
      const hung = answers.filter((a) => a.status === 0);
      assert.deepEqual(hung.length, 0, `requests without an answer:\n${show(hung)}`);
      const unclear = answers.filter((a) => a.status !== 200 && !isClear503(a));
      assert.equal(unclear.length, 0, `answers that are neither 200 nor the clear 503:\n${show(unclear)}`);
      const early = answers.filter((a) => a.status !== 200 && a.ended < marks.stopping!);
      assert.equal(early.length, 0, `refused before PostgreSQL stopped:\n${show(early)}`);
      const down = answers.filter((a) => a.began >= marks.down! && a.ended <= marks.starting!);
      assert.ok(down.length >= CLIENTS, "every client kept asking while PostgreSQL was down");
      assert.ok(down.every((a) => a.status === 503), `served while down:\n${show(down)}`);
      const slowest = Math.max(...down.map((a) => a.ended - a.began));
      assert.ok(slowest < 2500, `a 503 took ${slowest} ms: it should be prompt`);

      const recovered = recoveredAt();
      // Per client not served again: its answers since PostgreSQL's start (status@ended), then the bad ones.
      const notBack = answers.filter((a) => a.began >= marks.back! && recovered[a.client] === null);
      const runs = [...new Set(notBack.map((a) => a.client))].map((c) =>
        `client ${c}: ` + notBack.filter((a) => a.client === c).map((a) => `${a.status}@${a.ended}`).join(" ")
      );
      assert.ok(
        !recovered.includes(null),
        `clients not served again:\n${runs.join("\n")}\n${show(notBack.filter((a) => a.status !== 200))}`,
      );
      const recovery = Math.max(...(recovered as number[])) - marks.back!;
      assert.ok(recovery <= RECOVERY_MS, `served again only ${recovery} ms after PostgreSQL was back`);
      assert.ok(proc.running(), "the same server process throughout");
      const count = (s: number) => answers.filter((a) => a.status === s).length;
      console.log(
        `outage under load: ${answers.length} answers, ${count(200)} x 200, ${count(503)} x 503 ` +
          `(stop ${marks.down! - marks.stopping!} ms, down ${marks.starting! - marks.down!} ms, ` +
          `start ${marks.back! - marks.starting!} ms); every client served again ${recovery} ms after ` +
          `PostgreSQL was back; slowest 503 while down ${slowest} ms`,
      );
    } finally {
      await server?.stop();
      await cluster.dispose();
    }
  },
});
