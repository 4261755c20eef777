// `dsp backup` / `dsp restore` (issue 16, point 4): a backup taken through the running server (which holds
// the data directory), another with no server running, each restored into a new directory where the demo
// owner signs in and the change made before the backup is there. `dsp` runs as its own process.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase, setDb } from "../../lib/db/client.ts";
import { startHttpServer } from "../../lib/web/server.ts";
import { restoreEmbedded } from "../../lib/ops/backup.ts";
import { pgliteSnapshot, TEST_PG_URL } from "../helpers/db.ts";
import { dsp, dspLogin, show } from "../../cli/testing.ts";
import { users } from "../../lib/db/schema.ts";

const tmp = Deno.makeTempDirSync({ prefix: "dsp-backup-" });
globalThis.addEventListener("unload", () => Deno.removeSync(tmp, { recursive: true }));

/** Serves the embedded database in `dataDir` (this process holds its lock) until close(). */
async function serve(dataDir: string) {
  const h = await openDatabase({ dataDir });
  setDb(h);
  const server = await startHttpServer({ host: "127.0.0.1", port: 0 });
  return {
    url: server.url,
    db: h.db,
    close: async () => {
      await server.close();
      await h.close();
    },
  };
}

async function ownerSignsIn(url: string): Promise<number> {
  const res = await fetch(url + "/api/auth/token/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "owner@example.com", password: "demo1234" }),
  });
  await res.body?.cancel();
  return res.status;
}

Deno.test("dsp backup while the server runs, and without it; dsp restore into a new directory; sign in there", async () => {
  const live = join(tmp, "live");
  await restoreEmbedded(await pgliteSnapshot("demo"), live);

  // 1. The server holds the directory: the backup is asked of it (owner's login).
  let app = await serve(live);
  const creds = join(tmp, "creds", "credentials.json");
  try {
    await app.db.update(users).set({ lastName: "Before-Backup" }).where(eq(users.email, "owner@example.com"));
    const env = { DATA_DIR: live };
    const refused = await dsp(["backup", join(tmp, "a.tar.gz")], { env });
    assert.equal(refused.code, 1, show(refused));
    assert.match(refused.stderr, /in use by a running server.*dsp login/s);

    const supervisor = await dspLogin(app.url, "supervisor@example.com", join(tmp, "creds-sup", "c.json"));
    const notOwner = await dsp(["backup", join(tmp, "a.tar.gz")], { env: { ...env, ...supervisor } });
    assert.equal(notOwner.code, 1, show(notOwner));
    assert.match(notOwner.stderr, /backups are for the owner role/);

    const login = await dspLogin(app.url, "owner@example.com", creds);
    const r = await dsp(["backup", join(tmp, "a.tar.gz"), "--json"], { env: { ...env, ...login } });
    assert.equal(r.code, 0, show(r));
    assert.equal(JSON.parse(r.stdout).via, "the running server");
    assert.ok(existsSync(join(tmp, "a.tar.gz")));
  } finally {
    await app.close();
  }

  // 2. No server: the CLI opens the directory itself.
  const direct = await dsp(["backup", join(tmp, "b.tar.gz"), "--json"], { env: { DATA_DIR: live } });
  assert.equal(direct.code, 0, show(direct));
  assert.equal(JSON.parse(direct.stdout).via, "the data directory");

  // 3. Each backup restored into a new directory serves, and holds the change made before it.
  for (const name of ["a", "b"]) {
    const dir = join(tmp, `restored-${name}`);
    const r = await dsp(["restore", join(tmp, `${name}.tar.gz`), "--data-dir", dir]);
    assert.equal(r.code, 0, show(r));
    app = await serve(dir);
    try {
      assert.equal(await ownerSignsIn(app.url), 200, `owner signs in on backup ${name}`);
      const [owner] = await app.db.select().from(users).where(eq(users.email, "owner@example.com"));
      assert.equal(owner.lastName, "Before-Backup");
    } finally {
      await app.close();
    }
  }
});

Deno.test("dsp restore refuses a directory that is not empty; dsp backup on PostgreSQL names pg_dump", async () => {
  const full = join(tmp, "full");
  mkdirSync(full, { recursive: true });
  writeFileSync(join(full, "PG_VERSION"), "17");
  writeFileSync(join(tmp, "x.tar.gz"), "not a backup");
  const r = await dsp(["restore", join(tmp, "x.tar.gz"), "--data-dir", full]);
  assert.equal(r.code, 1, show(r));
  assert.match(r.stderr, /is not empty: restore into a new directory/);
  const pg = await dsp(["backup", join(tmp, "pg.dump")], { env: { DATABASE_URL: TEST_PG_URL } });
  assert.equal(pg.code, 1, show(pg));
  assert.match(pg.stderr, /pg_dump --format=custom/);
});
