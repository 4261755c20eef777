// Staff accounts through the real app: permissions per role, the role and station rules, the set-password
// link through the outbox, deactivation ending sessions at once.
import assert from "node:assert/strict";
import { and, desc, eq, sql } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import type { StaffDto } from "../../lib/staff/dto.ts";
import type { StationSpotDto } from "../../lib/stations/dto.ts";
import { outbox, sessions, stationSpots, users } from "../../lib/db/schema.ts";
import { makeSpot, makeStation, makeUser } from "../../lib/demo/factories.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

async function as(email: string, password = "demo1234"): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email, password);
  return c;
}
const owner = await as("owner@example.com");
const manager = await as("manager@example.com");

let n = 0;
const newAccount = (over: Record<string, unknown> = {}) => ({
  email: `new.person.${++n}.${crypto.randomUUID().slice(0, 6)}@example.com`,
  first_name: "New",
  last_name: `Person ${n}`,
  role: 1,
  mobile_number: "+12065550199",
  station_spots: [{ station: 1, agency: null, fleet_groups: [] }],
  ...over,
});
const userCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

Deno.test("dispatchers and supervisors can neither open /staff nor call the staff API", async () => {
  for (const email of ["dispatcher@example.com", "supervisor@example.com"]) {
    const c = await as(email);
    const page = await c.fetch("/staff");
    assert.equal(page.status, 302, email);
    assert.equal((await c.json("/api/staff/")).status, 403, email);
    assert.equal((await c.json("/api/staff/", { method: "POST", json: newAccount() })).status, 403, email);
  }
  assert.equal((await new Client(app.url).json("/api/staff/")).status, 401);
});

Deno.test("the owner's list: staff only (no DAs), sorted by last name, every row editable", async () => {
  const r = await owner.json("/api/staff/?page_size=100");
  assert.equal(r.status, 200);
  assert.ok(r.body.results.every((a: StaffDto) => a.role >= 1 && a.role <= 4), "no drivers");
  assert.ok(r.body.results.every((a: StaffDto) => a.can_edit === true));
  const emails = r.body.results.map((a: StaffDto) => a.email);
  for (
    const e of [
      "dispatcher@example.com",
      "supervisor@example.com",
      "manager@example.com",
      "owner@example.com",
    ]
  ) {
    assert.ok(emails.includes(e), e);
  }
  const row = r.body.results.find((a: StaffDto) => a.email === "dispatcher@example.com");
  assert.deepEqual(Object.keys(row).sort(), [
    "can_edit",
    "email",
    "first_name",
    "has_password",
    "id",
    "is_active",
    "last_login",
    "last_name",
    "mobile_number",
    "role",
    "role_name",
    "station_spots",
  ]);
  assert.deepEqual(row.station_spots.map((s: StationSpotDto) => s.station.tag), ["DON9", "HYZ1"]);
  const names = r.body.results.map((a: StaffDto) => a.last_name.toLowerCase());
  assert.deepEqual(names, [...names].sort());
});

Deno.test("a manager sees managers and owners but may edit only dispatchers and supervisors", async () => {
  const r = await manager.json("/api/staff/?page_size=100");
  assert.equal(r.status, 200);
  const byEmail = Object.fromEntries(r.body.results.map((a: StaffDto) => [a.email, a]));
  assert.equal(byEmail["owner@example.com"].can_edit, false);
  assert.equal(byEmail["manager@example.com"].can_edit, false);
  assert.equal(byEmail["dispatcher@example.com"].can_edit, true);
  assert.equal(byEmail["supervisor@example.com"].can_edit, true);
});

Deno.test("filters: role, status, search; a bad page size is a clear 400", async () => {
  const r = await owner.json("/api/staff/?role=3&search=morgan");
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.results.map((a: StaffDto) => a.email), ["manager@example.com"]);
  const bad = await owner.json("/api/staff/?page_size=7");
  assert.equal(bad.status, 400);
  assert.match(bad.body.detail, /page_size/);
});

Deno.test("the owner creates a manager: no password, a 7-day set-password link in the outbox that works", async () => {
  const body = newAccount({
    role: 3,
    station_spots: [{ station: 1, agency: null, fleet_groups: [] }, { station: 3 }],
  });
  const r = await owner.json("/api/staff/", { method: "POST", json: body });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.role, 3);
  assert.equal(r.body.role_name, "Manager");
  assert.equal(r.body.has_password, false);
  assert.equal(r.body.is_active, true);
  assert.deepEqual(r.body.station_spots.map((s: StationSpotDto) => s.station.tag), ["DON9", "DTO3"]);
  const [row] = await db.select().from(users).where(eq(users.id, r.body.id));
  assert.equal(row.passwordHash, null);
  assert.equal(row.isStaff, true);
  const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, body.email)).orderBy(
    desc(outbox.id),
  );
  assert.equal(mail.kind, "set_password");
  assert.match(mail.body, /valid for 7 days/);
  const link = String(mail.meta.link);
  assert.ok(link.startsWith(`${app.url}/reset-password?token=`), link);

  // Cannot sign in yet; the link sets the password; then the person signs in.
  const c = new Client(app.url);
  assert.equal(
    (await c.json("/api/auth/login/", {
      method: "POST",
      json: { email: body.email, password: "brand new pass" },
    })).status,
    400,
  );
  const token = new URL(link).searchParams.get("token");
  const set = await c.json("/api/auth/password_reset/confirm/", {
    method: "POST",
    json: { token, password: "brand new pass", password_confirm: "brand new pass" },
  });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  await c.login(body.email, "brand new pass");
});

Deno.test("creation refuses a duplicate e-mail (any case) with a clear 400 and writes nothing", async () => {
  const before = await userCount();
  const r = await owner.json("/api/staff/", {
    method: "POST",
    json: newAccount({ email: "Dispatcher@Example.com" }),
  });
  assert.equal(r.status, 400);
  assert.deepEqual(r.body.email, ["A user with the e-mail dispatcher@example.com already exists."]);
  assert.equal(r.body.code, "staff.email_taken");
  assert.equal(await userCount(), before);
});

Deno.test("creation validates the fields: 'Required', 'Not valid', at least one station", async () => {
  const r = await owner.json("/api/staff/", {
    method: "POST",
    json: { email: "nope", first_name: "", last_name: "X", role: 5, station_spots: [] },
  });
  assert.equal(r.status, 400);
  assert.deepEqual(r.body.email, ["Not valid"]);
  assert.deepEqual(r.body.first_name, ["Required"]);
  assert.match(r.body.role[0], /Not valid/);
  assert.deepEqual(r.body.station_spots, ["Choose at least one station"]);
  assert.equal(r.body.code, "common.invalid_input");
});

Deno.test("a manager cannot create a manager or an owner (403 naming the rule), and nothing is written", async () => {
  const before = await userCount();
  const m = await manager.json("/api/staff/", { method: "POST", json: newAccount({ role: 3 }) });
  assert.equal(m.status, 403);
  assert.equal(m.body.detail, "A Manager can give only the Dispatcher and Supervisor roles.");
  assert.equal(m.body.code, "staff.role_not_assignable");
  assert.deepEqual(m.body.role, [m.body.detail]);
  const o = await manager.json("/api/staff/", { method: "POST", json: newAccount({ role: 4 }) });
  assert.equal(o.status, 403);
  assert.equal(o.body.detail, "You cannot give a role above your own (Manager).");
  assert.equal(o.body.code, "staff.role_above_own");
  const ok = await manager.json("/api/staff/", { method: "POST", json: newAccount({ role: 2 }) });
  assert.equal(ok.status, 201);
  assert.equal(await userCount(), before + 1);
});

Deno.test("nobody gives a station they do not have: a manager of DON9 only cannot reach DTO3", async () => {
  const m = await makeUser(db, {
    role: 3,
    email: `limited.${crypto.randomUUID().slice(0, 6)}@example.com`,
    password: "limited pass",
  });
  await makeSpot(db, m.id, 1);
  const c = await as(m.email, "limited pass");
  const before = await userCount();
  const r = await c.json("/api/staff/", {
    method: "POST",
    json: newAccount({ station_spots: [{ station: 1 }, { station: 3 }] }),
  });
  assert.equal(r.status, 403);
  assert.equal(r.body.detail, "You cannot give access to station you do not have: DTO3.");
  assert.equal(r.body.code, "spot.station_not_yours");
  assert.deepEqual(r.body.station_spots, [r.body.detail]);
  assert.equal(await userCount(), before);

  // Their list holds only accounts sharing DON9; an account only at DTO3 does not exist for them.
  const far = await makeUser(db, { role: 1 });
  await makeSpot(db, far.id, 3);
  const list = await c.json("/api/staff/?page_size=100");
  assert.ok(
    list.body.results.every((a: StaffDto) => a.station_spots.some((s: StationSpotDto) => s.station.id === 1)),
  );
  assert.equal((await c.json(`/api/staff/${far.id}/`)).status, 404);
  assert.equal(
    (await c.json(`/api/staff/${far.id}/`, { method: "PATCH", json: { first_name: "X" } })).status,
    404,
  );
  assert.equal((await c.json(`/api/staff/${far.id}/deactivate/`, { method: "POST" })).status, 404);

  // Editing a DON9+DTO3 dispatcher's spots keeps the DTO3 spot the manager cannot see past.
  const both = await makeUser(db, { role: 1 });
  await makeSpot(db, both.id, 1);
  await makeSpot(db, both.id, 3);
  const hyzLess = await c.json(`/api/staff/${both.id}/`, {
    method: "PATCH",
    json: { station_spots: [{ station: 1, agency: 1, fleet_groups: [1] }] },
  });
  assert.equal(hyzLess.status, 200, JSON.stringify(hyzLess.body));
  const spots = await db.select().from(stationSpots).where(eq(stationSpots.userId, both.id));
  assert.deepEqual(spots.map((s) => s.stationId).sort(), [1, 3]);
  assert.equal(hyzLess.body.station_spots.find((s: StationSpotDto) => s.station.id === 1).agency.id, 1);
});

Deno.test("edits: a manager may move a dispatcher to supervisor but not to manager, and never edit an owner", async () => {
  const [d] = await db.select().from(users).where(eq(users.email, "dispatcher@example.com"));
  const [o] = await db.select().from(users).where(eq(users.email, "owner@example.com"));
  const target = await makeUser(db, { role: 1 });
  await makeSpot(db, target.id, 1);
  assert.equal(
    (await manager.json(`/api/staff/${target.id}/`, { method: "PATCH", json: { role: 2 } })).body.role,
    2,
  );
  const up = await manager.json(`/api/staff/${target.id}/`, { method: "PATCH", json: { role: 3 } });
  assert.equal(up.status, 403);
  const own = await manager.json(`/api/staff/${o.id}/`, { method: "PATCH", json: { first_name: "Hacked" } });
  assert.equal(own.status, 403);
  assert.equal(
    own.body.detail,
    "A Manager cannot change Owner accounts (only Dispatcher and Supervisor accounts).",
  );
  assert.equal(own.body.code, "staff.cannot_manage");
  const dup = await owner.json(`/api/staff/${target.id}/`, {
    method: "PATCH",
    json: { email: "DISPATCHER@example.com" },
  });
  assert.equal(dup.status, 400);
  assert.ok(d);
});

Deno.test("nobody lowers their own role or deactivates themselves", async () => {
  const [o] = await db.select().from(users).where(eq(users.email, "owner@example.com"));
  const lower = await owner.json(`/api/staff/${o.id}/`, { method: "PATCH", json: { role: 3 } });
  assert.equal(lower.status, 400);
  assert.equal(lower.body.detail, "You cannot lower your own role.");
  assert.equal(lower.body.code, "staff.own_role");
  const off = await owner.json(`/api/staff/${o.id}/deactivate/`, { method: "POST" });
  assert.equal(off.status, 400);
  assert.equal(off.body.detail, "You cannot deactivate your own account.");
  assert.equal(off.body.code, "staff.own_account");
  // The owner may still edit their own name.
  const name = await owner.json(`/api/staff/${o.id}/`, { method: "PATCH", json: { first_name: "Olivia" } });
  assert.equal(name.status, 200);
});

Deno.test("deactivating ends the person's sessions at once; reactivating lets them sign in again", async () => {
  const person = await makeUser(db, { role: 2, password: "person pass" });
  await makeSpot(db, person.id, 2);
  const c = await as(person.email, "person pass");
  assert.equal((await c.json("/api/current-user/")).status, 200);

  const off = await manager.json(`/api/staff/${person.id}/deactivate/`, { method: "POST" });
  assert.equal(off.status, 200);
  assert.equal(off.body.is_active, false);
  assert.equal((await c.json("/api/current-user/")).status, 401);
  const live = await db.select().from(sessions).where(
    and(eq(sessions.userId, person.id), sql`${sessions.revokedAt} is null`),
  );
  assert.equal(live.length, 0);
  const again = await new Client(app.url).json("/api/auth/login/", {
    method: "POST",
    json: { email: person.email, password: "person pass" },
  });
  assert.equal(again.status, 403);

  const link = await manager.json(`/api/staff/${person.id}/send-password-link/`, { method: "POST" });
  assert.equal(link.status, 400);
  assert.match(link.body.detail, /reactivate it before sending a password link/);
  assert.equal(link.body.code, "staff.deactivated");

  const on = await manager.json(`/api/staff/${person.id}/reactivate/`, { method: "POST" });
  assert.equal(on.body.is_active, true);
  await as(person.email, "person pass");
});

Deno.test("'send password link' puts a fresh set-password e-mail in the outbox", async () => {
  const person = await makeUser(db, { role: 1 });
  await makeSpot(db, person.id, 1);
  const r = await owner.json(`/api/staff/${person.id}/send-password-link/`, { method: "POST" });
  assert.equal(r.status, 200);
  assert.equal(r.body.detail, `A link to set the password was sent to ${person.email}.`);
  const mails = await db.select().from(outbox).where(
    and(eq(outbox.recipient, person.email), eq(outbox.kind, "set_password")),
  );
  assert.equal(mails.length, 1);
  const [o] = await db.select().from(users).where(eq(users.email, "owner@example.com"));
  assert.equal(
    (await manager.json(`/api/staff/${o.id}/send-password-link/`, { method: "POST" })).status,
    403,
  );
});

Deno.test("the /staff page renders the list for managers and owners", async () => {
  const station = await makeStation(db);
  assert.ok(station.id);
  for (const c of [owner, manager]) {
    const res = await c.fetch("/staff");
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /Staff accounts/);
    assert.match(html, /dispatcher@example\.com/);
  }
});
