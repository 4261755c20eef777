// Two app servers on one PostgreSQL database behave as one: sessions, logout, refresh-token reuse and
// sign-in throttling live in the database, not in a process's memory. Server A is the app in this test
// process; server B is a second process started with main.ts on the same database.
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { TEST_PG_URL, testPostgres } from "../helpers/db.ts";
import { MAX_FAILURES_PER_ACCOUNT } from "../../lib/auth/throttle.ts";
import { makeSpot, makeUser } from "../../lib/demo/factories.ts";

interface Server {
  url: string;
  stop(): Promise<void>;
}

/** main.ts in its own process on the given database, on a free port; resolves once it listens. */
async function spawnServer(databaseUrl: string): Promise<Server> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    env: { DATABASE_URL: databaseUrl, PORT: "0", HOST: "127.0.0.1", DEMO: "false" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const decoder = new TextDecoder();
  let seen = "";
  const reader = child.stdout.getReader();
  const timeout = setTimeout(() => child.kill("SIGKILL"), 60_000);
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) {
        const err = await new Response(child.stderr).text();
        throw new Error(`the second server exited before listening:\n${seen}\n${err}`);
      }
      seen += decoder.decode(value, { stream: true });
      const m = seen.match(/listening on (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timeout);
        // Keep draining both pipes so the child never blocks on a full buffer.
        const drain = (async () => {
          try {
            while (!(await reader.read()).done) { /* discard */ }
          } catch { /* closed */ }
        })();
        const drainErr = child.stderr.pipeTo(new WritableStream()).catch(() => {});
        return {
          url: m[1],
          stop: async () => {
            try {
              child.kill("SIGTERM");
            } catch { /* already gone */ }
            const hard = setTimeout(() => {
              try {
                child.kill("SIGKILL");
              } catch { /* gone */ }
            }, 10_000);
            await child.status;
            clearTimeout(hard);
            await Promise.all([drain, drainErr]);
          },
        };
      }
    }
  } catch (e) {
    clearTimeout(timeout);
    try {
      child.kill("SIGKILL");
    } catch { /* gone */ }
    throw e;
  }
}

async function post(base: string, path: string, json: unknown) {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    retryAfter: res.headers.get("retry-after"),
  };
}

async function currentUser(base: string, access: string): Promise<number> {
  const res = await fetch(base + "/api/current-user/", { headers: { authorization: `Bearer ${access}` } });
  await res.body?.cancel();
  return res.status;
}

Deno.test({
  name: "two app servers on one PostgreSQL database behave as one",
  // The second server is a child process and the app holds a connection pool across the steps.
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const handle = await testPostgres({ demo: true });
  let a: TestApp | undefined;
  let b: Server | undefined;
  try {
    const [{ name }] = (await handle.db.execute(sql`select current_database() as name`)) as unknown as {
      name: string;
    }[];
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${name}`;
    a = await startTestApp({ db: handle });
    b = await spawnServer(url.toString());
    const A = a.url, B = b.url;
    assert.notEqual(A, B);

    await t.step("both report the same PostgreSQL database", async () => {
      for (const base of [A, B]) {
        const res = await fetch(base + "/api/health");
        const body = await res.json();
        assert.equal(res.status, 200);
        assert.equal(body.database.kind, "postgres");
      }
    });

    await t.step("cookies from a sign-in on A open pages on B; logout on B ends them on A", async () => {
      const onA = new Client(A);
      await onA.login("manager@example.com");
      const onB = new Client(B);
      onB.cookies = new Map(onA.cookies);
      const page = await onB.fetch("/account");
      assert.equal(page.status, 200);
      assert.match(await page.text(), /Morgan/);

      const out = await onB.fetch("/logout", { method: "POST" });
      await out.body?.cancel();
      assert.equal(out.status, 303);
      const after = await onA.fetch("/account");
      await after.body?.cancel();
      assert.equal(after.status, 302, "A sees the logout that happened on B at once");
    });

    await t.step("a refresh token rotated on A and replayed on B revokes the session on both", async () => {
      const pair = await post(A, "/api/auth/token/", {
        email: "supervisor@example.com",
        password: "demo1234",
      });
      assert.equal(pair.status, 200);
      assert.equal(await currentUser(B, pair.body.access), 200, "B accepts A's access token");
      const rotated = await post(A, "/api/auth/token/refresh/", { refresh: pair.body.refresh });
      assert.equal(rotated.status, 200);
      const replay = await post(B, "/api/auth/token/refresh/", { refresh: pair.body.refresh });
      assert.equal(replay.status, 401);
      assert.equal(await currentUser(A, rotated.body.access), 401);
      assert.equal(
        (await post(A, "/api/auth/token/refresh/", { refresh: rotated.body.refresh })).status,
        401,
      );
    });

    await t.step(
      "a role, a spot, a setting or a revocation changed anywhere shows on the next request on both",
      async () => {
        const user = await makeUser(handle.db, { password: "pw-123456789", role: 2 });
        await makeSpot(handle.db, user.id, 1);
        await makeSpot(handle.db, user.id, 2);
        const pair = await post(A, "/api/auth/token/", { email: user.email, password: "pw-123456789" });
        const me = async (base: string) => {
          const res = await fetch(base + "/api/current-user/", {
            headers: { authorization: `Bearer ${pair.body.access}` },
          });
          return { status: res.status, body: await res.json() };
        };
        const stationsOf = (b: { station_spots: { station: { id: number } }[] }) =>
          b.station_spots.map((s) => s.station.id).sort();
        for (const base of [A, B, A, B]) { // twice each: the second answer comes from each server's cache
          const r = await me(base);
          assert.equal(r.body.role, 2);
          assert.deepEqual(stationsOf(r.body), [1, 2]);
        }
        await handle.db.execute(sql`update users set role = 3 where id = ${user.id}`);
        await handle.db.execute(sql`delete from station_spots where user_id = ${user.id} and station_id = 2`);
        await handle.db.execute(sql`update stations set title = 'Renamed at once' where id = 1`);
        for (const base of [A, B]) {
          const r = await me(base);
          assert.equal(r.body.role, 3, `${base} sees the new role`);
          assert.deepEqual(stationsOf(r.body), [1], `${base} sees the spot gone`);
          assert.equal(
            r.body.station_spots[0].station.title,
            "Renamed at once",
            `${base} sees the station's title`,
          );
        }
        await handle.db.execute(sql`update sessions set revoked_at = now() where user_id = ${user.id}`);
        for (const base of [A, B]) {
          assert.equal((await me(base)).status, 401, `${base} refuses the revoked session`);
        }
      },
    );

    await t.step("failed sign-ins counted on A and B add up, and both then refuse the account", async () => {
      const user = await makeUser(handle.db, { password: "right-password", role: 2 });
      await makeSpot(handle.db, user.id, 1);
      for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
        const r = await post(i % 2 === 0 ? A : B, "/api/auth/login/", {
          email: user.email,
          password: `wrong-${i}`,
        });
        assert.equal(r.status, 400, `failure ${i + 1}`);
      }
      for (const base of [A, B]) {
        const r = await post(base, "/api/auth/login/", { email: user.email, password: "right-password" });
        assert.equal(r.status, 429, base);
        assert.match(r.body.detail, /\d+ minutes?/);
        assert.ok(Number(r.retryAfter) > 0);
      }
    });
  } finally {
    await b?.stop();
    if (a) await a.close();
    else await handle.close();
  }
});
