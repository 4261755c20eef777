// Test databases: PGlite from a migrated snapshot (a fresh PGlite costs seconds, a snapshot ~1 s),
// and, for the PostgreSQL runs, a throw-away database per test file on the local server.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import postgres from "postgres";
import { type DbHandle, migrationsFolder, openDatabase } from "../../lib/db/client.ts";
import { prepareDatabase } from "../../lib/boot/database.ts";
import { sha256 } from "../../lib/auth/tokens.ts";
import { todayIn } from "../../lib/dates/periods.ts";
import { DEFAULT_TIME_ZONE } from "../../lib/settings/queries.ts";

const CACHE = join(Deno.cwd(), "tests/.cache");

// Test output stays readable: every request and import logs a line, and the tests fail providers on purpose
// (warnings). Errors still show; LOG_LEVEL=info shows everything.
process.env.LOG_LEVEL ||= "error";

/** The code the demo seed runs: its own files, the Amazon file generators, and the parsers and import
 * store its imported weeks go through (a change in any of them changes the seeded rows). */
const SEED_DIRS = ["lib/demo", "lib/dev/amazon", "lib/amazon", "lib/imports", "lib/checks", "lib/actions"];

/**
 * What a snapshot depends on: the migrations, the seed code, and (for the demo, whose dates are relative
 * to its organisation's today) the day in the demo's time zone, asked afresh each time: that day turns at
 * the zone's midnight (05:00 UTC), and a test run can cross it. A demo made on Saturday and read on Sunday
 * has its weeks one behind what the tests expect.
 */
async function snapshotKey(kind: "empty" | "demo"): Promise<string> {
  const sources = await (sourcesKey ??= computeKey());
  return kind === "demo" ? (await sha256(sources + todayIn(DEFAULT_TIME_ZONE))).slice(0, 16) : sources;
}
let sourcesKey: Promise<string> | undefined;

async function computeKey(): Promise<string> {
  const dir = migrationsFolder();
  const files = readdirSync(dir).filter((f) => f.endsWith(".sql")).sort().map((f) => join(dir, f));
  const seed = SEED_DIRS.flatMap((d) => {
    const abs = join(Deno.cwd(), d);
    if (!existsSync(abs)) return [];
    return readdirSync(abs, { recursive: true }).map(String).filter((f) =>
      f.endsWith(".ts") && !f.endsWith(".test.ts")
    )
      .sort().map((f) => join(abs, f));
  });
  return (await sha256([...files, ...seed].map((f) => f + readFileSync(f, "utf8")).join("\n"))).slice(0, 16);
}

/** Bumped when the way a snapshot is made changes (not its contents' sources): older files are not reused. */
const SNAPSHOT_FORMAT = 2;

/** Snapshots already read in this isolate: a file that opens several databases reads the tar once. */
const loaded = new Map<string, Blob>();

/**
 * The snapshot of a prepared database, as an uncompressed tar: PGlite loads it in about a third of the time
 * a gzipped one takes (~1.2 s against ~3.5 s), and a suite run opens a hundred or more. Checkpointed before
 * the dump, so each copy starts without replaying the seed's write-ahead log.
 */
async function snapshot(kind: "empty" | "demo"): Promise<Blob> {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `pglite-${kind}-${await snapshotKey(kind)}-${SNAPSHOT_FORMAT}.tar`);
  const known = loaded.get(file);
  if (known) return known;
  if (existsSync(file)) {
    const blob = new Blob([readFileSync(file)]);
    loaded.set(file, blob);
    return blob;
  }
  const h = await openDatabase({ dataDir: "memory://" });
  await prepareDatabase(h, { demo: kind === "demo" });
  // One write-ahead segment instead of two: the seed's segment is switched out and removed, not kept for
  // reuse. Each copy then unpacks 16 MB less (a quarter of the demo), ~0.6 s of CPU per database opened.
  await h.pglite!.exec("set wal_recycle = off; select pg_switch_wal(); checkpoint;");
  const blob = await h.pglite!.dumpDataDir("none");
  await h.close();
  // Written under a unique name and renamed, so parallel test files never read half a file.
  const tmp = `${file}.${crypto.randomUUID()}`;
  writeFileSync(tmp, new Uint8Array(await blob.arrayBuffer()));
  Deno.renameSync(tmp, file);
  pruneSnapshots(file);
  loaded.set(file, blob);
  return blob;
}

/** Snapshots of older keys (sources changed since) go after an hour: each is ~70 MB. */
function pruneSnapshots(keep: string): void {
  const hourAgo = Date.now() - 3600_000;
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (!name.startsWith("pglite-") || path === keep) continue;
    try {
      if (name.endsWith(".tar.gz") || statSync(path).mtimeMs < hourAgo) rmSync(path, { force: true });
    } catch {
      // Another test file removed it first.
    }
  }
}

/** The snapshot itself (a PGlite tar), for a test that needs a data directory on disk. */
export const pgliteSnapshot = (kind: "empty" | "demo") => snapshot(kind);

/** A migrated, prepared PGlite: `demo` adds the demo organisation. */
export async function testPglite(opts: { demo?: boolean } = {}): Promise<DbHandle> {
  const kind = opts.demo ? "demo" : "empty";
  return await openDatabase({ loadDataDir: await snapshot(kind), migrate: false });
}

export const TEST_PG_URL = Deno.env.get("TEST_DATABASE_URL") ?? "postgres://127.0.0.1:5432/test";

const dbUrl = (name: string) => {
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const uniqueName = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;

/**
 * A prepared database (migrated; `demo` with the demo organisation and its imported Amazon weeks) as a
 * template on the server, keyed like the PGlite snapshot: the migrations and the seed run once per key,
 * and each test database is a copy of it (an empty one opens in 0.15 s instead of 0.8 s of migrating). One
 * test file builds it while the others wait on one lock for both kinds (a build of one kind then never
 * drops the other's build in progress); it is built under another name and renamed, so a build
 * that dies half way leaves no template (only a leftover a later build drops, with the templates of older
 * keys).
 */
async function template(admin: postgres.Sql, kind: "empty" | "demo"): Promise<string> {
  const name = `tpl_${kind}_${await snapshotKey(kind)}`;
  const exists = async () => (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
  if (await exists()) return name;
  await admin`select pg_advisory_lock(hashtext('dsp-test-template'))`;
  try {
    if (await exists()) return name;
    // The newest few templates stay: checkouts of other commits running beside this one (worktrees) each
    // have their own key, and dropping theirs made them rebuild it (10-20 s) over and over. A build in
    // progress elsewhere has a connection, and dropping it without force fails (ignored).
    const old = await admin<{ datname: string }[]>`select datname from pg_database
      where datname like ${`tpl_${kind}_%`} or datname like 'tplb_%' order by oid desc offset 3`;
    for (const { datname } of old) await admin.unsafe(`drop database if exists ${datname}`).catch(() => {});
    const build = uniqueName(`tplb_${kind}`);
    await admin.unsafe(`create database ${build}`);
    const h = await openDatabase({ url: dbUrl(build) });
    await prepareDatabase(h, { demo: kind === "demo" });
    await h.close();
    await admin.unsafe(`alter database ${build} rename to ${name}`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(hashtext('dsp-test-template'))`;
  }
}

/** `create database ... template`, again while another test file is copying the same template. */
async function copyOf(admin: postgres.Sql, name: string, template: string): Promise<void> {
  for (let attempt = 1;; attempt++) {
    try {
      await admin.unsafe(`create database ${name} template ${template}`);
      return;
    } catch (e) {
      if (attempt >= 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
      await new Promise((ok) => setTimeout(ok, 100 * attempt));
    }
  }
}

/** A fresh database on the PostgreSQL server, migrated and prepared; dropped by close(). */
export async function testPostgres(opts: { demo?: boolean } = {}): Promise<DbHandle> {
  const name = uniqueName("t");
  const admin = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
  try {
    // A template dropped in between (a newer key built by a parallel run) is built again.
    for (let attempt = 1;; attempt++) {
      try {
        await copyOf(admin, name, await template(admin, opts.demo ? "demo" : "empty"));
        break;
      } catch (e) {
        if (attempt >= 3 || !/does not exist/.test((e as Error).message)) throw e;
      }
    }
  } catch (e) {
    await admin.end();
    throw e;
  }
  const h = await openDatabase({ url: dbUrl(name), migrate: false });
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
