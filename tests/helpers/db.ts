// Test databases: PGlite from a migrated snapshot (a fresh PGlite costs seconds, a snapshot ~0.5 s),
// and, for the PostgreSQL runs, a throw-away database per test file on the local server.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { migrationsFolder, type DbHandle, openDatabase } from "../../lib/db/client.ts";
import { prepareDatabase } from "../../lib/db/prepare.ts";
import { sha256 } from "../../lib/auth/tokens.ts";

const CACHE = join(Deno.cwd(), "tests/.cache");

/** What a snapshot depends on: the migrations, the seed code, and (for the demo, whose dates are relative) the day. */
async function snapshotKey(kind: "empty" | "demo"): Promise<string> {
  const dir = migrationsFolder();
  const files = readdirSync(dir).filter((f) => f.endsWith(".sql")).sort().map((f) => join(dir, f));
  const demoDir = join(Deno.cwd(), "lib/demo");
  const seed = readdirSync(demoDir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")).sort()
    .map((f) => join(demoDir, f));
  const day = kind === "demo" ? new Date().toISOString().slice(0, 10) : "";
  return (await sha256([...files, ...seed].map((f) => f + readFileSync(f, "utf8")).join("\n") + day)).slice(0, 16);
}

async function snapshot(kind: "empty" | "demo"): Promise<Blob> {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `pglite-${kind}-${await snapshotKey(kind)}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const h = await openDatabase({ dataDir: "memory://" });
  await prepareDatabase(h, { demo: kind === "demo" });
  const blob = await h.pglite!.dumpDataDir("gzip");
  await h.close();
  // Written under a unique name and renamed, so parallel test files never read half a file.
  const tmp = `${file}.${crypto.randomUUID()}`;
  writeFileSync(tmp, new Uint8Array(await blob.arrayBuffer()));
  Deno.renameSync(tmp, file);
  return blob;
}

/** A migrated, prepared PGlite: `demo` adds the demo organisation. */
export async function testPglite(opts: { demo?: boolean } = {}): Promise<DbHandle> {
  const kind = opts.demo ? "demo" : "empty";
  return await openDatabase({ loadDataDir: await snapshot(kind), migrate: false });
}

export const TEST_PG_URL = Deno.env.get("TEST_DATABASE_URL") ?? "postgres://127.0.0.1:5432/test";

/** A fresh database on the PostgreSQL server, migrated and prepared; dropped by close(). */
export async function testPostgres(opts: { demo?: boolean } = {}): Promise<DbHandle> {
  const name = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const h = await openDatabase({ url: url.toString() });
  await prepareDatabase(h, { demo: opts.demo ?? false });
  return {
    ...h,
    close: async () => {
      await h.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Both engines, for integration tests that must hold on PGlite and on PostgreSQL alike. */
export const ENGINES = [
  { name: "pglite", open: testPglite },
  { name: "postgres", open: testPostgres },
] as const;
