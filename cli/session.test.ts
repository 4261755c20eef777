// login, whoami and logout against the real app (in this process, on the demo database), with `dsp`
// running as its own process and keeping its tokens in a temporary credentials file.
import assert from "node:assert/strict";
import { join } from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startTestApp } from "../tests/helpers/app.ts";
import { dsp, show } from "./testing.ts";

const app = await startTestApp();
const tmp = Deno.makeTempDirSync({ prefix: "dsp-cli-session-" });
globalThis.addEventListener("unload", () => {
  void app.close();
  Deno.removeSync(tmp, { recursive: true });
});

let n = 0;
/** A credentials file of its own for each test. */
const fresh = () => join(tmp, `creds-${++n}`, "credentials.json");
const PW = { DSP_PW: "demo1234" };
const readCreds = (path: string) => JSON.parse(Deno.readTextFileSync(path));

async function loggedIn(email = "owner@example.com"): Promise<string> {
  const path = fresh();
  const r = await dsp(["login", "--server", app.url + "/", "--email", email, "--password-env", "DSP_PW"], {
    env: { DSP_CREDENTIALS: path, ...PW },
  });
  assert.equal(r.code, 0, show(r));
  return path;
}

/** An address where nothing listens. */
async function deadServer(): Promise<string> {
  const s = http.createServer().listen(0, "127.0.0.1");
  await new Promise((ok) => s.once("listening", ok));
  const { port } = s.address() as AddressInfo;
  await new Promise((ok) => s.close(ok));
  return `http://127.0.0.1:${port}`;
}

Deno.test("login stores the token pair in a file only its owner can read; whoami names the account", async () => {
  const path = fresh();
  const login = await dsp([
    "login",
    "--server",
    app.url + "/",
    "--email",
    "manager@example.com",
    "--password-stdin",
  ], {
    env: { DSP_CREDENTIALS: path },
    stdin: "demo1234\n",
  });
  assert.equal(login.code, 0, show(login));
  assert.match(login.stdout, new RegExp(`Logged in to ${app.url} as manager@example.com`));
  assert.equal(Deno.statSync(path).mode! & 0o777, 0o600);
  const creds = readCreds(path);
  assert.equal(creds.server, app.url);
  assert.equal(creds.email, "manager@example.com");
  assert.ok(creds.access && creds.refresh);

  const who = await dsp(["whoami"], { env: { DSP_CREDENTIALS: path } });
  assert.equal(who.code, 0, show(who));
  assert.match(who.stdout, /manager@example.com \(Morgan Manager, Manager\)/);
  assert.match(who.stdout, /Stations: DON9, HYZ1, DTO3/);

  const json = await dsp(["whoami", "--json"], { env: { DSP_CREDENTIALS: path } });
  assert.equal(json.code, 0, show(json));
  const me = JSON.parse(json.stdout);
  assert.equal(me.email, "manager@example.com");
  assert.equal(me.role, 3);
  assert.equal(me.server, app.url);
});

Deno.test("a wrong password is a failure with the server's sentence, and stores nothing", async () => {
  const path = fresh();
  const r = await dsp([
    "login",
    "--server",
    app.url,
    "--email",
    "owner@example.com",
    "--password-env",
    "DSP_PW",
  ], {
    env: { DSP_CREDENTIALS: path, DSP_PW: "wrong password" },
  });
  assert.equal(r.code, 1, show(r));
  assert.match(r.stderr, /Login to .* failed: Email or password not valid!/);
  assert.throws(() => Deno.statSync(path), Deno.errors.NotFound);
});

Deno.test("whoami refreshes a refused access token and stores the rotated pair", async () => {
  const path = await loggedIn();
  const before = readCreds(path);
  Deno.writeTextFileSync(path, JSON.stringify({ ...before, access: "not-a-token" }));
  const who = await dsp(["whoami"], { env: { DSP_CREDENTIALS: path } });
  assert.equal(who.code, 0, show(who));
  assert.match(who.stdout, /owner@example.com/);
  const after = readCreds(path);
  assert.notEqual(after.refresh, before.refresh);
  assert.notEqual(after.access, "not-a-token");
  assert.equal(Deno.statSync(path).mode! & 0o777, 0o600);
});

Deno.test("an expired access token is refreshed once, even by several processes at the same moment", async () => {
  const path = await loggedIn();
  const before = readCreds(path);
  // A token whose exp has passed: refreshed before the request is sent.
  const b64 = (o: unknown) =>
    btoa(JSON.stringify(o)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
  const expired = `${b64({ alg: "HS256" })}.${b64({ exp: Math.floor(Date.now() / 1000) - 60 })}.x`;
  Deno.writeTextFileSync(path, JSON.stringify({ ...before, access: expired }));
  const runs = await Promise.all([1, 2, 3].map(() => dsp(["whoami"], { env: { DSP_CREDENTIALS: path } })));
  for (const r of runs) assert.equal(r.code, 0, show(r));
  // Had two of them presented the same refresh token, the server would have ended the session.
  const again = await dsp(["whoami"], { env: { DSP_CREDENTIALS: path } });
  assert.equal(again.code, 0, show(again));
  assert.notEqual(readCreds(path).refresh, before.refresh);
});

Deno.test("a session ended on the server asks for a new login", async () => {
  const path = await loggedIn();
  const creds = readCreds(path);
  // Reusing a refresh token that has already been rotated ends the session (theft protection).
  const rotate = () =>
    fetch(`${app.url}/api/auth/token/refresh/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh: creds.refresh }),
    }).then((r) => r.body?.cancel());
  await rotate();
  await new Promise((r) => setTimeout(r, 50));
  await rotate();
  Deno.writeTextFileSync(path, JSON.stringify({ ...creds, access: "not-a-token" }));
  const who = await dsp(["whoami"], { env: { DSP_CREDENTIALS: path } });
  assert.equal(who.code, 1, show(who));
  assert.match(
    who.stderr,
    /The session on .* has ended .*: run `dsp login --server .* --email owner@example.com` again/,
  );
});

Deno.test("logout ends the session on the server and deletes the file", async () => {
  const path = await loggedIn("dispatcher@example.com");
  const { access } = readCreds(path);
  const out = await dsp(["logout"], { env: { DSP_CREDENTIALS: path } });
  assert.equal(out.code, 0, show(out));
  assert.match(out.stdout, /Logged out of/);
  assert.throws(() => Deno.statSync(path), Deno.errors.NotFound);
  const res = await fetch(`${app.url}/api/current-user/`, { headers: { authorization: `Bearer ${access}` } });
  await res.body?.cancel();
  assert.equal(res.status, 401);
  const again = await dsp(["logout"], { env: { DSP_CREDENTIALS: path } });
  assert.equal(again.code, 0, show(again));
  assert.match(again.stdout, /Not logged in; nothing to do/);
});

Deno.test("clear errors when not logged in and when the server is down", async () => {
  const none = await dsp(["whoami"], { env: { DSP_CREDENTIALS: fresh() } });
  assert.equal(none.code, 1, show(none));
  assert.equal(none.stderr.trim(), "Error: Not logged in: run `dsp login --server URL --email E` first.");
  const noneJson = await dsp(["--json", "whoami"], { env: { DSP_CREDENTIALS: fresh() } });
  assert.equal(
    JSON.parse(noneJson.stderr).error,
    "Not logged in: run `dsp login --server URL --email E` first.",
  );

  const down = await deadServer();
  const login = await dsp([
    "login",
    "--server",
    down,
    "--email",
    "owner@example.com",
    "--password-env",
    "DSP_PW",
  ], {
    env: { DSP_CREDENTIALS: fresh(), ...PW },
  });
  assert.equal(login.code, 1, show(login));
  assert.match(login.stderr, new RegExp(`Cannot reach the server at ${down}`));

  const path = await loggedIn();
  Deno.writeTextFileSync(path, JSON.stringify({ ...readCreds(path), server: down }));
  const who = await dsp(["whoami"], { env: { DSP_CREDENTIALS: path } });
  assert.equal(who.code, 1, show(who));
  assert.match(who.stderr, new RegExp(`Cannot reach the server at ${down}`));
});

Deno.test("usage errors exit 2 without reading anything", async () => {
  const noServer = await dsp(["login", "--email", "owner@example.com", "--password-env", "DSP_PW"], {
    env: PW,
  });
  assert.equal(noServer.code, 2, show(noServer));
  assert.match(noServer.stderr, /required option '--server <url>' not specified/);
  const badUrl = await dsp([
    "login",
    "--server",
    "ftp://x",
    "--email",
    "owner@example.com",
    "--password-env",
    "DSP_PW",
  ], { env: PW });
  assert.equal(badUrl.code, 2, show(badUrl));
  const both = await dsp([
    "login",
    "--server",
    app.url,
    "--email",
    "o@example.com",
    "--password-env",
    "DSP_PW",
    "--password-stdin",
  ], { env: PW });
  assert.equal(both.code, 2, show(both));
  assert.match(both.stderr, /either --password-stdin or --password-env, not both/);
  const badEmail = await dsp(
    ["login", "--server", app.url, "--email", "nobody", "--password-env", "DSP_PW"],
    { env: PW },
  );
  assert.equal(badEmail.code, 2, show(badEmail));
  assert.match(badEmail.stderr, /--email: Not valid/);
  const unknown = await dsp(["whoami", "--verbose"]);
  assert.equal(unknown.code, 2, show(unknown));
  const help = await dsp(["user", "create", "--help"]);
  assert.equal(help.code, 0, show(help));
  assert.match(help.stdout, /--password-stdin/);
});
