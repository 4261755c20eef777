// The fleet register's API through the real app on the demo organisation: scoping, role rules, messages,
// history and exports. Dispatcher and supervisor have stations 1-2; manager and owner all three.
import assert from "node:assert/strict";
import { and, eq, inArray, sql } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { vans } from "../../lib/org/schema.ts";
import { statusChanges } from "../../lib/history/schema.ts";
import type { VanDto, VanHistoryDto } from "../../lib/vans/dto.ts";
import { VAN } from "../../lib/vans/errors.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

const clients = new Map<string, Client>();
async function as(who: "dispatcher" | "supervisor" | "manager" | "owner"): Promise<Client> {
  if (!clients.has(who)) {
    const c = new Client(app.url);
    await c.login(`${who}@example.com`);
    clients.set(who, c);
  }
  return clients.get(who)!;
}

/** Demo vans of a station with a status, lowest id first, each test taking its own. */
async function vansOf(stationId: number, status = 1, n = 1): Promise<number[]> {
  const rows = await db.select({ id: vans.id }).from(vans)
    .where(and(eq(vans.stationId, stationId), eq(vans.status, status))).orderBy(vans.id);
  const free = rows.map((r) => r.id).filter((id) => !taken.includes(id)).slice(0, n);
  assert.equal(free.length, n, `need ${n} free vans of station ${stationId} with status ${status}`);
  taken.push(...free);
  return free;
}
const taken: number[] = [];
const statusOf = async (id: number) =>
  (await db.select({ s: vans.status }).from(vans).where(eq(vans.id, id)))[0].s;

Deno.test("a visitor gets 401 from every van endpoint", async () => {
  const c = new Client(app.url);
  for (
    const path of [
      "/api/van/",
      "/api/van/1/",
      "/api/van/1/history/",
      "/api/van/export/",
      "/api/fleet-sizes/",
      "/api/van-groups/",
    ]
  ) {
    assert.equal((await c.fetch(path)).status, 401, path);
  }
  assert.equal(
    (await c.fetch("/api/van/bulk-status/", { method: "POST", json: { id_list: [1], status: 1 } })).status,
    401,
  );
});

Deno.test("the dispatcher's list holds only stations 1-2, paged, default -id", async () => {
  const c = await as("dispatcher");
  const r = await c.json("/api/van/?page_size=100");
  assert.equal(r.status, 200);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(vans).where(
    inArray(vans.stationId, [1, 2]),
  );
  assert.equal(r.body.count, n);
  assert.ok(r.body.results.every((v: VanDto) => v.station === 1 || v.station === 2));
  const ids = r.body.results.map((v: VanDto) => v.id);
  assert.deepEqual(ids, [...ids].sort((x: number, y: number) => y - x));
  assert.equal((await c.json("/api/van/?station=3")).body.count, 0, "asking for station 3 shows nothing");
  const owner = await as("owner");
  assert.ok((await owner.json("/api/van/?station=3")).body.count > 0);
  const v = r.body.results[0];
  for (
    const k of [
      "id",
      "number",
      "van_group",
      "fleet_size",
      "plate_number",
      "status",
      "available",
      "status_change_reason",
      "pick_up_date",
      "station",
      "station_title",
      "station_tag",
      "last_status_change",
      "last_status_changed_by",
    ]
  ) {
    assert.ok(k in v, k);
  }
});

Deno.test("filters and ordering reach the query; a bad query is a 400 naming the field", async () => {
  const c = await as("manager");
  const oos = await c.json("/api/van/?status=2&page_size=100");
  assert.ok(oos.body.count > 0);
  assert.ok(
    oos.body.results.every((v: VanDto) =>
      v.status === 2 && v.available === false && v.status_change_reason !== null
    ),
  );
  const [one] = (await c.json("/api/van/?page_size=10")).body.results;
  const byPlate = await c.json(`/api/van/?plate_number=${one.plate_number.slice(1, 5).toLowerCase()}`);
  assert.ok(byPlate.body.results.some((v: VanDto) => v.id === one.id));
  const byNumber = await c.json(`/api/van/?van_number=${one.number}`);
  assert.ok(byNumber.body.results.some((v: VanDto) => v.id === one.id));
  const sorted = (await c.json("/api/van/?ordering=plate_number&page_size=25")).body.results.map((
    v: VanDto,
  ) => v.plate_number);
  assert.deepEqual(sorted, [...sorted].sort());
  const bad = await c.json("/api/van/?page_size=7&ordering=vin");
  assert.equal(bad.status, 400);
  assert.ok(bad.body.page_size && bad.body.ordering);
});

Deno.test("a dispatcher cannot read a van, or its history, of a station they lack", async () => {
  const [far] = await vansOf(3);
  const d = await as("dispatcher");
  for (const path of [`/api/van/${far}/`, `/api/van/${far}/history/`]) {
    const r = await d.json(path);
    assert.equal(r.status, 404);
    assert.deepEqual([r.body.code, r.body.detail], [VAN.notFound, "Van not found."]);
  }
  const o = await as("owner");
  assert.equal((await o.json(`/api/van/${far}/`)).status, 200);
  assert.equal((await o.json(`/api/van/${far}/history/`)).status, 200);
});

Deno.test("a dispatcher cannot change a van of a station they lack, even in a batch with their own", async () => {
  const [near] = await vansOf(1);
  const [far] = await vansOf(3);
  const d = await as("dispatcher");
  const r = await d.json("/api/van/bulk-status/", {
    method: "POST",
    json: { id_list: [near, far], status: 2, status_change_reason: 0 },
  });
  assert.equal(r.status, 400);
  assert.equal(r.body.code, VAN.notInStations);
  assert.match(r.body.detail, /Nothing was changed/);
  assert.match(r.body.id_list[0], new RegExp(String(far)));
  assert.equal(await statusOf(near), 1);
  assert.equal(await statusOf(far), 1);
  const p = await d.json(`/api/van/${far}/`, {
    method: "PATCH",
    json: { status: 2, status_change_reason: 0 },
  });
  assert.equal(p.status, 404);
  assert.equal(await statusOf(far), 1);
});

Deno.test("a dispatcher cannot set Off Boarded, by bulk or by patch", async () => {
  const [id] = await vansOf(1);
  const d = await as("dispatcher");
  const r = await d.json("/api/van/bulk-status/", { method: "POST", json: { id_list: [id], status: 3 } });
  assert.equal(r.status, 403);
  assert.equal(r.body.code, VAN.statusNotAllowed);
  assert.match(r.body.detail, /Dispatchers cannot set a van to Off Boarded/);
  const p = await d.json(`/api/van/${id}/`, { method: "PATCH", json: { status: 3 } });
  assert.equal(p.status, 403);
  assert.equal(p.body.code, VAN.statusNotAllowed);
  assert.equal(await statusOf(id), 1);
});

Deno.test("a dispatcher cannot change a van's station; a supervisor only to one of their stations", async () => {
  const [id] = await vansOf(1);
  const d = await as("dispatcher");
  const r = await d.json(`/api/van/${id}/`, { method: "PATCH", json: { station: 2 } });
  assert.equal(r.status, 403);
  assert.equal(r.body.code, VAN.stationChangeNotAllowed);
  assert.match(r.body.detail, /cannot change a van's station/);
  const s = await as("supervisor");
  const bad = await s.json(`/api/van/${id}/`, { method: "PATCH", json: { station: 3 } });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.station, ["Not one of your stations"]);
  assert.deepEqual([bad.body.code, bad.body.detail], [
    VAN.stationNotYours,
    "station: Not one of your stations.",
  ]);
  const ok = await s.json(`/api/van/${id}/`, { method: "PATCH", json: { station: 2 } });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.station, 2);
  assert.equal(ok.body.station_tag, "HYZ1");
});

Deno.test("status 2 needs a reason 0-3: a 400 naming status_change_reason", async () => {
  const [id] = await vansOf(2);
  const d = await as("dispatcher");
  for (const body of [{ id_list: [id], status: 2 }, { id_list: [id], status: 2, status_change_reason: 7 }]) {
    const r = await d.json("/api/van/bulk-status/", { method: "POST", json: body });
    assert.equal(r.status, 400);
    assert.ok(Array.isArray(r.body.status_change_reason), JSON.stringify(r.body));
    assert.match(r.body.detail, /^status_change_reason: /);
  }
  const bad = await d.json("/api/van/bulk-status/", {
    method: "POST",
    body: "{not json",
    headers: { "content-type": "application/json" },
  });
  assert.equal(bad.status, 400);
  assert.equal(await statusOf(id), 1);
});

Deno.test("a bulk change answers date and editor, shows in the list and leaves a history row per van", async () => {
  const ids = await vansOf(2, 1, 3);
  const d = await as("dispatcher");
  const r = await d.json("/api/van/bulk-status/", {
    method: "POST",
    json: { id_list: ids, status: 2, status_change_reason: 2 },
  });
  assert.equal(r.status, 200);
  assert.equal(r.body.changed, 3);
  assert.equal(r.body.editor.first_name.length > 0, true);
  assert.ok(!Number.isNaN(Date.parse(r.body.date)));
  for (const id of ids) {
    const v = (await d.json(`/api/van/${id}/`)).body;
    assert.equal(v.status, 2);
    assert.equal(v.available, false);
    assert.equal(v.status_change_reason, 2);
    assert.equal(v.last_status_change, r.body.date);
    assert.deepEqual(v.last_status_changed_by, r.body.editor);
  }
  const back = await d.json("/api/van/bulk-status/", {
    method: "POST",
    json: { id_list: [ids[0]], status: 1 },
  });
  assert.equal(back.status, 200);
  const h = await d.json(`/api/van/${ids[0]}/history/`);
  assert.equal(h.status, 200);
  assert.deepEqual(h.body.results.map((x: VanHistoryDto) => [x.from_status, x.to_status, x.reason]), [[
    2,
    1,
    null,
  ], [
    1,
    2,
    2,
  ]]);
  assert.equal(h.body.results[1].changed_by.id, r.body.editor.id);
  const rows = await db.select().from(statusChanges).where(
    and(eq(statusChanges.entity, "van"), inArray(statusChanges.entityId, ids)),
  );
  assert.equal(rows.length, 4);
});

Deno.test("management off-boards; patch changes reason and pick-up date", async () => {
  const [id] = await vansOf(3);
  const m = await as("manager");
  assert.equal(
    (await m.json("/api/van/bulk-status/", { method: "POST", json: { id_list: [id], status: 3 } })).body
      .changed,
    1,
  );
  assert.equal(await statusOf(id), 3);
  const p = await m.json(`/api/van/${id}/`, {
    method: "PATCH",
    json: { status: 2, status_change_reason: 0, pick_up_date: "2026-03-02" },
  });
  assert.equal(p.status, 200);
  assert.equal(p.body.pick_up_date, "2026-03-02");
  const r = await m.json(`/api/van/${id}/`, { method: "PATCH", json: { status_change_reason: 3 } });
  assert.equal(r.body.status_change_reason, 3);
  const cleared = await m.json(`/api/van/${id}/`, { method: "PATCH", json: { status_change_reason: null } });
  assert.equal(cleared.status, 400);
  assert.equal(cleared.body.code, VAN.reasonRequired);
  assert.deepEqual(cleared.body.status_change_reason, ["Required for an Out of Service (2) van"]);
  assert.equal(cleared.body.detail, "status_change_reason: Required for an Out of Service (2) van.");
  const none = await m.json(`/api/van/${id}/`, { method: "PATCH", json: {} });
  assert.equal(none.status, 400);
});

Deno.test("the page renders its first rows on the server for each staff role; a visitor is sent to /", async () => {
  for (const who of ["dispatcher", "supervisor", "manager", "owner"] as const) {
    const res = await (await as(who)).fetch("/fleet-status?status=2");
    assert.equal(res.status, 200, who);
    const html = await res.text();
    assert.match(html, /Fleet status/);
    assert.match(html, /data-testid="van-row"/);
  }
  const res = await new Client(app.url).fetch("/fleet-status");
  assert.equal(res.status, 302);
});
