// Profile edits, navigation settings, the station-scoped user list and old-shift access, through HTTP.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { users } from "../../lib/org/schema.ts";
import { menuKeys } from "../../lib/auth/permissions.ts";
import { makeSpot, makeStation, makeUser } from "../../lib/demo/factories.ts";
import { DEMO_ACCOUNTS } from "../../lib/demo/seed.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

async function signedIn(email: string): Promise<Client & { id: number }> {
  const c = new Client(app.url);
  await c.login(email);
  const me = await c.json("/api/current-user/");
  return Object.assign(c, { id: me.body.id as number });
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? result) as T[];
}

// ---------------------------------------------------------------------------------------------------------
// Profile

Deno.test("PATCH /api/users/{own id}/ changes the editable fields", async () => {
  const c = await signedIn("supervisor@example.com");
  const change = {
    first_name: "Samantha",
    mobile_number: "+12065550101",
    date_of_birth: "1990-04-12",
    personal_email: "sam.home@example.org",
    whatsapp_mobile_number: "+12065550102",
    driver_license: "WDL-123",
    driver_license_expiry: "2030-01-31",
  };
  const r = await c.json(`/api/users/${c.id}/`, { method: "PATCH", json: change });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  for (const [k, v] of Object.entries(change)) assert.equal(r.body[k], v, k);
  const me = await c.json("/api/current-user/");
  for (const [k, v] of Object.entries(change)) assert.equal(me.body[k], v, k);
  assert.equal(me.body.last_name, "Supervisor", "fields not sent stay as they were");

  // Empty optional fields clear them.
  const cleared = await c.json(`/api/users/${c.id}/`, {
    method: "PATCH",
    json: { mobile_number: "", date_of_birth: "" },
  });
  assert.equal(cleared.status, 200);
  assert.equal(cleared.body.mobile_number, null);
  assert.equal(cleared.body.date_of_birth, null);
});

Deno.test("PATCH of another user's id is 403 and changes nothing", async () => {
  const c = await signedIn("dispatcher@example.com");
  const [other] = await db.select().from(users).where(eq(users.email, "manager@example.com"));
  const r = await c.json(`/api/users/${other.id}/`, { method: "PATCH", json: { first_name: "Hacked" } });
  assert.equal(r.status, 403);
  assert.equal(r.body.detail, "You haven't permissions");
  assert.equal(r.body.code, "common.forbidden");
  const [after] = await db.select().from(users).where(eq(users.id, other.id));
  assert.equal(after.firstName, other.firstName);
});

Deno.test("PATCH with a bad date is 400 naming the field; unknown or protected fields are 400", async () => {
  const c = await signedIn("manager@example.com");
  const bad = await c.json(`/api/users/${c.id}/`, { method: "PATCH", json: { date_of_birth: "31-02-1990" } });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.date_of_birth, ["Not valid"]);
  assert.match(bad.body.detail, /date_of_birth/);
  const badExpiry = await c.json(`/api/users/${c.id}/`, {
    method: "PATCH",
    json: { driver_license_expiry: "2030-13-01" },
  });
  assert.equal(badExpiry.status, 400);
  assert.ok(badExpiry.body.driver_license_expiry);
  const badEmail = await c.json(`/api/users/${c.id}/`, { method: "PATCH", json: { personal_email: "nope" } });
  assert.equal(badEmail.status, 400);
  assert.deepEqual(badEmail.body.personal_email, ["Not valid"]);

  for (const field of ["favourite_colour", "role", "email", "is_superuser", "can_create_old_shifts"]) {
    const r = await c.json(`/api/users/${c.id}/`, {
      method: "PATCH",
      json: { [field]: field === "role" ? 4 : "x" },
    });
    assert.equal(r.status, 400, field);
    assert.match(r.body.detail, new RegExp(field));
  }
  const [me] = await db.select().from(users).where(eq(users.id, c.id));
  assert.equal(me.role, 3, "the role did not change");
  assert.equal(me.email, "manager@example.com");

  const notJson = await c.fetch(`/api/users/${c.id}/`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: "{not json",
  });
  assert.equal(notJson.status, 400);
  await notJson.body?.cancel();
});

// ---------------------------------------------------------------------------------------------------------
// Navigation settings

Deno.test("navigation settings: hidden entries are stored and leave the menu; unknown keys are 400", async () => {
  const c = await signedIn("owner@example.com");
  const menuHas = async (key: string) =>
    (await (await c.fetch("/account")).text()).includes(`data-menu-item="${key}"`);

  const initial = await c.json("/api/settings/navigation/");
  assert.equal(initial.status, 200);
  assert.deepEqual(initial.body.available, menuKeys(4));
  assert.ok(initial.body.available.includes("item:outbox"));
  assert.equal(await menuHas("outbox"), true, "the owner's menu offers the outbox");

  const put = await c.json("/api/settings/navigation/", { method: "PUT", json: { hidden: ["item:outbox"] } });
  assert.equal(put.status, 200);
  assert.deepEqual(put.body.hidden, ["item:outbox"]);
  assert.deepEqual((await c.json("/api/settings/navigation/")).body.hidden, ["item:outbox"]);
  assert.equal(await menuHas("outbox"), false, "the hidden item left the menu");
  // Hiding only changes the menu: the page itself still opens for the owner.
  const outboxPage = await c.fetch("/outbox");
  await outboxPage.body?.cancel();
  assert.equal(outboxPage.status, 200);

  // Hiding a group hides all of its items.
  const group = await c.json("/api/settings/navigation/", {
    method: "PUT",
    json: { hidden: ["group:setup"] },
  });
  assert.equal(group.status, 200);
  assert.equal(await menuHas("outbox"), false, "hiding the Setup group hides its items");

  const unknown = await c.json("/api/settings/navigation/", {
    method: "PUT",
    json: { hidden: ["item:no-such-thing"] },
  });
  assert.equal(unknown.status, 400);
  assert.match(unknown.body.detail, /no-such-thing/);
  assert.equal(unknown.body.code, "user.unknown_menu_entries");
  assert.deepEqual(unknown.body.hidden, [unknown.body.detail]);
  assert.deepEqual(
    (await c.json("/api/settings/navigation/")).body.hidden,
    ["group:setup"],
    "a refused PUT changes nothing",
  );

  const malformed = await c.json("/api/settings/navigation/", {
    method: "PUT",
    json: { hidden: "item:outbox" },
  });
  assert.equal(malformed.status, 400);

  // A dispatcher may not name an entry their role cannot open.
  const d = await signedIn("dispatcher@example.com");
  const foreign = await d.json("/api/settings/navigation/", {
    method: "PUT",
    json: { hidden: ["item:outbox"] },
  });
  assert.equal(foreign.status, 400);

  const reset = await c.json("/api/settings/navigation/", { method: "PUT", json: { hidden: [] } });
  assert.equal(reset.status, 200);
  assert.equal(await menuHas("outbox"), true);
});

// ---------------------------------------------------------------------------------------------------------
// The user list is scoped to the caller's stations

Deno.test("GET /api/users/ never shows the dispatcher a user whose only spot is station 3", async () => {
  const onlyThree = rowsOf<{ id: number; email: string }>(
    await db.execute(sql`
    select u.id, u.email from users u
    where exists (select 1 from station_spots s where s.user_id = u.id and s.station_id = 3)
      and not exists (select 1 from station_spots s where s.user_id = u.id and s.station_id <> 3)
    order by u.id limit 1`),
  )[0];
  assert.ok(onlyThree, "the demo data has a user at station 3 only");

  const dispatcher = await signedIn("dispatcher@example.com");
  assert.deepEqual(
    DEMO_ACCOUNTS.find((a) => a.email === "dispatcher@example.com")!.stationIds,
    [1, 2],
  );
  const search = await dispatcher.json(`/api/users/?search=${encodeURIComponent(onlyThree.email)}`);
  assert.equal(search.status, 200);
  assert.equal(search.body.count, 0);
  assert.deepEqual(search.body.results, []);

  const all = await dispatcher.json("/api/users/?page_size=1000");
  assert.equal(all.status, 200);
  const ids = new Set<number>(all.body.results.map((u: { id: number }) => u.id));
  assert.equal(ids.has(onlyThree.id), false);
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`
    select count(*)::int as n from users u
    where exists (select 1 from station_spots s where s.user_id = u.id and s.station_id in (1, 2))`),
  );
  assert.equal(all.body.count, n, "exactly the users sharing station 1 or 2");
  assert.equal(all.body.results.length, Math.min(n, 1000));
  const outside = rowsOf<{ id: number }>(
    await db.execute(sql`
    select u.id from users u
    where not exists (select 1 from station_spots s where s.user_id = u.id and s.station_id in (1, 2))`),
  );
  for (const { id } of outside) assert.equal(ids.has(id), false, `user ${id} is outside stations 1-2`);

  // The manager has station 3 and finds the same user.
  const manager = await signedIn("manager@example.com");
  const found = await manager.json(`/api/users/?search=${encodeURIComponent(onlyThree.email)}`);
  assert.equal(found.body.count, 1);
  assert.equal(found.body.results[0].id, onlyThree.id);
});

Deno.test("GET /api/users/ filters and pages within the scope", async () => {
  const c = await signedIn("supervisor@example.com");
  const drivers = await c.json("/api/users/?is_driver=true&page_size=5&page=2");
  assert.equal(drivers.status, 200);
  assert.ok(drivers.body.count > 5);
  assert.equal(drivers.body.results.length, 5);
  assert.ok(drivers.body.results.every((u: { role: number }) => u.role === 5));
  const managers = await c.json("/api/users/?is_managers=true");
  assert.ok(managers.body.results.every((u: { role: number }) => [2, 3, 4].includes(u.role)));
  const bad = await c.json("/api/users/?page_size=0");
  assert.equal(bad.status, 400);
  assert.ok(bad.body.page_size);
});

// ---------------------------------------------------------------------------------------------------------
// Old-shift access

Deno.test("give_access_to_create_old_shifts: the owner grants it, a manager gets 403", async () => {
  const target = await makeUser(db, { role: 1 });
  await makeSpot(db, target.id, 2);
  const path = `/api/users/${target.id}/give_access_to_create_old_shifts/`;

  const manager = await signedIn("manager@example.com");
  const refused = await manager.json(path, { method: "POST" });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.detail, "You haven't permissions");
  assert.equal((await db.select().from(users).where(eq(users.id, target.id)))[0].canCreateOldShifts, false);

  const owner = await signedIn("owner@example.com");
  const granted = await owner.json(path, { method: "POST" });
  assert.equal(granted.status, 200, JSON.stringify(granted.body));
  assert.equal((await db.select().from(users).where(eq(users.id, target.id)))[0].canCreateOldShifts, true);

  // Not for a user outside the owner's stations, nor an id that does not exist.
  const elsewhere = await makeStation(db);
  const stranger = await makeUser(db, { role: 1 });
  await makeSpot(db, stranger.id, elsewhere.id);
  const far = await owner.json(`/api/users/${stranger.id}/give_access_to_create_old_shifts/`, {
    method: "POST",
  });
  assert.equal(far.status, 404);
  assert.equal((await db.select().from(users).where(eq(users.id, stranger.id)))[0].canCreateOldShifts, false);
  assert.equal(
    (await owner.json("/api/users/99999999/give_access_to_create_old_shifts/", { method: "POST" })).status,
    404,
  );
});
