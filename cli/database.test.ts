// The database commands, end to end: each runs `dsp` as a separate process on a temporary DATA_DIR.
import assert from "node:assert/strict";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../lib/db/client.ts";
import { stationSpots, users } from "../lib/db/schema.ts";
import { login } from "../lib/auth/login.ts";
import { DEMO_ACCOUNTS } from "../lib/demo/seed.ts";
import { copyDataDir, dsp, show } from "./testing.ts";

const tmp = Deno.makeTempDirSync({ prefix: "dsp-cli-db-" });
globalThis.addEventListener("unload", () => Deno.removeSync(tmp, { recursive: true }));
// Migrated once by the first test; the others start from copies of it.
const migrated = join(tmp, "migrated");
const env = (dir: string, more: Record<string, string> = {}) => ({ DATA_DIR: dir, ...more });
const OWNER = [
  "--email",
  "Owner@Example.com",
  "--first-name",
  "Olga",
  "--last-name",
  "Owner",
  "--role",
  "owner",
];

Deno.test("migrate creates the schema on a new data directory, then has nothing to do", async () => {
  const first = await dsp(["migrate"], { env: env(migrated) });
  assert.equal(first.code, 0, show(first));
  assert.match(first.stdout, /Applied \d+ migrations?: 0000_foundation/);
  assert.match(first.stdout, /Reference data and signing secret are in place/);
  assert.match(first.stdout, /dsp user create --role owner/);
  const again = await dsp(["--json", "migrate"], { env: env(migrated) });
  assert.equal(again.code, 0, show(again));
  const out = JSON.parse(again.stdout);
  assert.deepEqual(out.applied, []);
  assert.ok(out.already_applied >= 1);
  assert.equal(out.database.kind, "pglite");
  assert.equal(out.users, 0);
});

Deno.test("user create makes an owner who can sign in, and refuses what it must", async () => {
  const dir = copyDataDir(migrated, join(tmp, "users"));
  const created = await dsp(["--json", "user", "create", ...OWNER, "--password-env", "OWNER_PW"], {
    env: env(dir, { OWNER_PW: "a long secret" }),
  });
  assert.equal(created.code, 0, show(created));
  const body = JSON.parse(created.stdout);
  assert.equal(body.email, "owner@example.com");
  assert.equal(body.role, 4);

  // From a pipe, with the role as a number; one trailing newline is not part of the password.
  const piped = await dsp([
    "user",
    "create",
    "--email",
    "disp@example.com",
    "--first-name",
    "Dee",
    "--last-name",
    "Spatch",
    "--role",
    "1",
    "--password-stdin",
  ], {
    env: env(dir),
    stdin: "piped secret\n",
  });
  assert.equal(piped.code, 0, show(piped));
  assert.match(piped.stdout, /Created Dispatcher Dee Spatch <disp@example.com>/);

  const duplicate = await dsp(["user", "create", ...OWNER, "--password-env", "OWNER_PW"], {
    env: env(dir, { OWNER_PW: "another secret" }),
  });
  assert.equal(duplicate.code, 1, show(duplicate));
  assert.match(duplicate.stderr, /A user with the e-mail owner@example.com already exists/);

  const station = await dsp([
    "user",
    "create",
    ...OWNER,
    "--email",
    "x@example.com",
    "--station",
    "NOPE",
    "--password-env",
    "PW",
  ], {
    env: env(dir, { PW: "long enough" }),
  });
  assert.equal(station.code, 1, show(station));
  assert.match(station.stderr, /Unknown station: NOPE/);

  const short = await dsp(["user", "create", ...OWNER, "--email", "y@example.com", "--password-env", "PW"], {
    env: env(dir, { PW: "short" }),
  });
  assert.equal(short.code, 2, show(short));
  assert.match(short.stderr, /password: At least 8 characters/);

  const noPassword = await dsp(["user", "create", ...OWNER, "--email", "z@example.com"], { env: env(dir) });
  assert.equal(noPassword.code, 2, show(noPassword));
  assert.match(noPassword.stderr, /A password is required: use --password-stdin/);

  const badRole = await dsp([
    "user",
    "create",
    ...OWNER,
    "--email",
    "z@example.com",
    "--role",
    "driver",
    "--password-env",
    "PW",
  ], {
    env: env(dir, { PW: "long enough" }),
  });
  assert.equal(badRole.code, 2, show(badRole));
  assert.match(badRole.stderr, /--role: Not valid: use 1-4 or dispatcher, supervisor, manager, owner/);

  const missing = await dsp(["user", "create", "--email", "z@example.com"], { env: env(dir) });
  assert.equal(missing.code, 2, show(missing));
  assert.match(missing.stderr, /required option '--first-name <name>' not specified/);

  // The accounts are real: lib's sign-in accepts them, and only them.
  const h = await openDatabase({ dataDir: dir });
  try {
    const session = await login(h.db, { email: "owner@example.com", password: "a long secret" }, {
      ip: "cli-test",
    });
    assert.equal(session.userId, body.id);
    await login(h.db, { email: "disp@example.com", password: "piped secret" }, { ip: "cli-test" });
    const all = await h.db.select({ email: users.email }).from(users);
    assert.deepEqual(all.map((u) => u.email).sort(), ["disp@example.com", "owner@example.com"]);
  } finally {
    await h.close();
  }
});

Deno.test("demo load fills an empty database once, and refuses a database with data", async () => {
  const dir = copyDataDir(migrated, join(tmp, "demo"));
  const first = await dsp(["demo", "load"], { env: env(dir) });
  assert.equal(first.code, 0, show(first));
  assert.match(first.stdout, /Loaded Demo Delivery Co\./);
  assert.match(first.stderr, /Warning: The demo accounts share the published password "demo1234"/);

  const second = await dsp(["demo", "load"], { env: env(dir) });
  assert.equal(second.code, 1, show(second));
  assert.match(second.stderr, /The demo organisation is already loaded/);

  const withUser = copyDataDir(migrated, join(tmp, "demo-not-empty"));
  const created = await dsp(["user", "create", ...OWNER, "--password-env", "PW"], {
    env: env(withUser, { PW: "long enough" }),
  });
  assert.equal(created.code, 0, show(created));
  const refused = await dsp(["--json", "demo", "load"], { env: env(withUser) });
  assert.equal(refused.code, 1, show(refused));
  assert.match(JSON.parse(refused.stderr).error, /is not empty \(1 user, 0 stations\)/);

  // Stations by tag and by id, on the demo's stations.
  const staff = await dsp([
    "--json",
    "user",
    "create",
    "--email",
    "new@example.com",
    "--first-name",
    "N",
    "--last-name",
    "Ew",
    "--role",
    "supervisor",
    "--station",
    "don9,2",
    "--station",
    "DTO3",
    "--password-env",
    "PW",
  ], {
    env: env(dir, { PW: "long enough" }),
  });
  assert.equal(staff.code, 0, show(staff));
  assert.deepEqual(JSON.parse(staff.stdout).stations.map((s: { tag: string }) => s.tag), [
    "DON9",
    "HYZ1",
    "DTO3",
  ]);

  const h = await openDatabase({ dataDir: dir });
  try {
    for (const a of DEMO_ACCOUNTS) {
      await login(h.db, { email: a.email, password: a.password }, { ip: "cli-test" });
    }
    const [u] = await h.db.select().from(users).where(eq(users.email, "new@example.com"));
    assert.equal((await h.db.select().from(stationSpots).where(eq(stationSpots.userId, u.id))).length, 3);
  } finally {
    await h.close();
  }
});

Deno.test("an embedded database held by another process is refused with a clear message", async () => {
  const dir = copyDataDir(migrated, join(tmp, "locked"));
  const held = await openDatabase({ dataDir: dir, migrate: false });
  try {
    for (const args of [["migrate"], ["demo", "load"]]) {
      const r = await dsp(args, { env: env(dir) });
      assert.equal(r.code, 1, show(r));
      assert.match(r.stderr, /is in use by another process \(pid \d+\)/);
    }
  } finally {
    await held.close();
  }
  const after = await dsp(["migrate"], { env: env(dir) });
  assert.equal(after.code, 0, show(after));
});
