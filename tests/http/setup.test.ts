// Reference data through the real app: who may read and change it, station scoping, validation, money in
// cents, and deletes refused (409) with a message naming what still references the row.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import type { StationDto, StationSpotDto } from "../../lib/stations/dto.ts";
import type { VanSetupDto } from "../../lib/vans/dto.ts";
import type { ScannerDto } from "../../lib/reference/scanners.ts";
import {
  fleetSizes,
  scanners,
  stations,
  stationSpots,
  statusChanges,
  users,
  vans,
} from "../../lib/db/schema.ts";
import { makeSpot, makeUser, makeVan } from "../../lib/demo/factories.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

async function as(email: string, password = "demo1234"): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email, password);
  return c;
}
const owner = await as("owner@example.com");
const dispatcher = await as("dispatcher@example.com");
const u = () => crypto.randomUUID().replaceAll("-", "").slice(0, 6).toUpperCase();
const count = async (q: Promise<{ n: number }[]>) => (await q)[0].n;
const n = sql<number>`count(*)::int`;

Deno.test("every staff role reads the lists (scoped); only managers and owners change them", async () => {
  const st = await dispatcher.json("/api/setup/stations/");
  assert.equal(st.status, 200);
  assert.deepEqual(st.body.results.map((s: StationDto) => s.tag), ["DON9", "HYZ1"]);
  const v = await dispatcher.json("/api/setup/vans/?page_size=100");
  assert.ok(v.body.results.length > 0);
  assert.ok(
    v.body.results.every((x: VanSetupDto) => [1, 2].includes(x.station!.id)),
    "only the dispatcher's stations",
  );
  assert.equal(
    (await dispatcher.json("/api/setup/agencies/", { method: "POST", json: { name: "Nope" } })).status,
    403,
  );
  assert.equal(
    (await dispatcher.json("/api/setup/agencies/1/", { method: "PATCH", json: { name: "Nope" } })).status,
    403,
  );
  assert.equal((await dispatcher.json("/api/setup/agencies/1/", { method: "DELETE" })).status, 403);
  assert.equal((await dispatcher.fetch("/setup/stations")).status, 302);
  assert.equal((await new Client(app.url).json("/api/setup/stations/")).status, 401);
});

Deno.test("an unknown section is a 404, for the API and the page", async () => {
  const r = await owner.json("/api/setup/widgets/");
  assert.equal(r.status, 404);
  assert.match(r.body.detail, /use one of stations, agencies/);
  assert.equal((await owner.json("/api/setup/widgets/1/", { method: "DELETE" })).status, 404);
  assert.equal((await owner.fetch("/setup/widgets")).status, 404);
  const first = await owner.fetch("/setup");
  assert.equal(first.status, 302);
  assert.equal(first.headers.get("location"), "/setup/stations");
  for (const s of ["stations", "agencies", "fleet-groups", "van-groups", "fleet-sizes", "vans", "scanners"]) {
    const page = await owner.fetch(`/setup/${s}`);
    assert.equal(page.status, 200, s);
    assert.match(await page.text(), /Reference data/);
  }
});

Deno.test("stations: the tag is upper-cased and unique; the creator gets a spot; delete takes staff spots with it", async () => {
  const tag = `Q${u().slice(0, 3)}`;
  const r = await owner.json("/api/setup/stations/", {
    method: "POST",
    json: { title: "Quarry Road", tag: tag.toLowerCase() },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.tag, tag);
  const me = await owner.json("/api/current-user/");
  assert.ok(
    me.body.station_spots.some((s: StationSpotDto) => s.station.id === r.body.id),
    "the creator can see the new station",
  );

  const dup = await owner.json("/api/setup/stations/", { method: "POST", json: { title: "Other", tag } });
  assert.equal(dup.status, 400);
  assert.deepEqual(dup.body.tag, [`A station with the tag ${tag} already exists.`]);
  assert.equal(dup.body.code, "station.tag_taken");
  const bad = await owner.json("/api/setup/stations/", {
    method: "POST",
    json: { title: "Other", tag: "TOOLONG" },
  });
  assert.equal(bad.status, 400);
  assert.match(bad.body.tag[0], /3-5 letters or digits/);

  const del = await owner.json(`/api/setup/stations/${r.body.id}/`, { method: "DELETE" });
  assert.equal(del.status, 200);
  assert.equal(del.body.detail, `Station ${tag} was deleted.`);
  assert.equal(
    await count(db.select({ n }).from(stationSpots).where(eq(stationSpots.stationId, r.body.id))),
    0,
  );
});

Deno.test("deleting DON9 is refused, counting its DAs, vans and scanners in the message", async () => {
  const das = await count(
    db.select({ n }).from(stationSpots).innerJoin(users, eq(users.id, stationSpots.userId))
      .where(sql`${stationSpots.stationId} = 1 and ${users.role} = 5`),
  );
  const vanCount = await count(db.select({ n }).from(vans).where(eq(vans.stationId, 1)));
  const scannerCount = await count(db.select({ n }).from(scanners).where(eq(scanners.stationId, 1)));
  const r = await owner.json("/api/setup/stations/1/", { method: "DELETE" });
  assert.equal(r.status, 409);
  assert.match(r.body.detail, /^Cannot delete station DON9: /);
  assert.match(r.body.detail, new RegExp(`${das} DAs`));
  assert.match(r.body.detail, new RegExp(`${vanCount} vans`));
  assert.match(r.body.detail, new RegExp(`${scannerCount} scanners`));
  assert.match(r.body.detail, / use it\.$/);
  assert.doesNotMatch(r.body.detail, /staff/, "staff spots do not block a station's delete");
  assert.ok(r.body.references.length >= 3);
  assert.equal(r.body.code, "reference.in_use");
});

Deno.test("a manager edits vans only at their own stations: others are 404", async () => {
  const m = await makeUser(db, { role: 3, password: "limited pass" });
  await makeSpot(db, m.id, 1);
  const c = await as(m.email, "limited pass");
  const [farVan] = await db.select().from(vans).where(eq(vans.stationId, 3)).limit(1);
  assert.equal(
    (await c.json(`/api/setup/vans/${farVan.id}/`, { method: "PATCH", json: { model: "X" } })).status,
    404,
  );
  const moved = await c.json("/api/setup/vans/", {
    method: "POST",
    json: { number: `V${u()}`, station: 3, ownership: 2 },
  });
  assert.equal(moved.status, 400);
  assert.deepEqual(moved.body.station, ["Not valid: choose one of your stations."]);
});

Deno.test("agencies and fleet groups: unique names (any case), edits, refused deletes while people use them", async () => {
  const name = `Agency ${u()}`;
  const a = await owner.json("/api/setup/agencies/", { method: "POST", json: { name } });
  assert.equal(a.status, 201);
  assert.equal(a.body.description, "");
  const dup = await owner.json("/api/setup/agencies/", {
    method: "POST",
    json: { name: name.toUpperCase() },
  });
  assert.equal(dup.status, 400);
  assert.deepEqual(dup.body.name, [`An agency named "${name.toUpperCase()}" already exists.`]);
  const edit = await owner.json(`/api/setup/agencies/${a.body.id}/`, {
    method: "PATCH",
    json: { description: "Weekly billing" },
  });
  assert.equal(edit.body.name, name);
  assert.equal(edit.body.description, "Weekly billing");

  const direct = await owner.json("/api/setup/agencies/?search=Direct");
  const refused = await owner.json(`/api/setup/agencies/${direct.body.results[0].id}/`, { method: "DELETE" });
  assert.equal(refused.status, 409);
  assert.match(
    refused.body.detail,
    /^Cannot delete agency Direct Hire: \d+ DAs and 4 staff accounts use it\.$/,
  );
  assert.equal((await owner.json(`/api/setup/agencies/${a.body.id}/`, { method: "DELETE" })).status, 200);

  const fg = await owner.json("/api/setup/fleet-groups/?search=EDV");
  const fgDel = await owner.json(`/api/setup/fleet-groups/${fg.body.results[0].id}/`, { method: "DELETE" });
  assert.equal(fgDel.status, 409);
  assert.match(fgDel.body.detail, /^Cannot delete fleet group EDV Certified: \d+ DAs? uses? it\.$/);
});

Deno.test("van groups: the supervisor must be an active staff account at the editor's stations", async () => {
  const [sup] = await db.select().from(users).where(eq(users.email, "supervisor@example.com"));
  const r = await owner.json("/api/setup/van-groups/", {
    method: "POST",
    json: { name: `Team ${u()}`, supervisor: sup.id },
  });
  assert.equal(r.status, 201);
  assert.equal(r.body.supervisor, sup.id);
  assert.equal(r.body.supervisor_name, "Sam Supervisor");
  const [driver] = await db.select().from(users).where(eq(users.role, 5)).limit(1);
  const bad = await owner.json(`/api/setup/van-groups/${r.body.id}/`, {
    method: "PATCH",
    json: { supervisor: driver.id },
  });
  assert.equal(bad.status, 400);
  assert.match(bad.body.supervisor[0], /active staff account/);
  const none = await owner.json(`/api/setup/van-groups/${r.body.id}/`, {
    method: "PATCH",
    json: { supervisor: null },
  });
  assert.equal(none.body.supervisor, null);
  const alpha = await owner.json("/api/setup/van-groups/?search=Alpha");
  const del = await owner.json(`/api/setup/van-groups/${alpha.body.results[0].id}/`, { method: "DELETE" });
  assert.equal(del.status, 409);
  assert.match(del.body.detail, /^Cannot delete van group Team Alpha: .*vans?/);
  assert.equal((await owner.json(`/api/setup/van-groups/${r.body.id}/`, { method: "DELETE" })).status, 200);
});

Deno.test("fleet sizes: explicit new ids, titles editable, built-in 1-6 never deleted, used ones refused", async () => {
  const id = 100 + Math.floor(Math.random() * 800);
  const r = await owner.json("/api/setup/fleet-sizes/", { method: "POST", json: { id, title: "Box Truck" } });
  assert.equal(r.status, 201);
  assert.deepEqual(r.body, { id, title: "Box Truck", built_in: false });
  const dup = await owner.json("/api/setup/fleet-sizes/", { method: "POST", json: { id, title: "Again" } });
  assert.equal(dup.status, 400);
  assert.deepEqual(dup.body.id, [`Fleet size ${id} already exists; choose another id.`]);
  const noId = await owner.json("/api/setup/fleet-sizes/", { method: "POST", json: { title: "No id" } });
  assert.deepEqual(noId.body.id, ["Required"]);
  const idChange = await owner.json(`/api/setup/fleet-sizes/${id}/`, {
    method: "PATCH",
    json: { id: 999, title: "X" },
  });
  assert.equal(idChange.status, 400, "the id never changes");
  const renamed = await owner.json("/api/setup/fleet-sizes/2/", {
    method: "PATCH",
    json: { title: "Large Van (2)" },
  });
  assert.equal(renamed.body.title, "Large Van (2)");
  const builtIn = await owner.json("/api/setup/fleet-sizes/6/", { method: "DELETE" });
  assert.equal(builtIn.status, 409);
  assert.match(builtIn.body.detail, /sizes 1-6 are built in/);

  const van = await makeVan(db, { fleetSizeId: id, stationId: 1 });
  const used = await owner.json(`/api/setup/fleet-sizes/${id}/`, { method: "DELETE" });
  assert.equal(used.status, 409);
  assert.equal(used.body.detail, `Cannot delete fleet size ${id} (Box Truck): 1 van uses it.`);
  await db.delete(vans).where(eq(vans.id, van.id));
  assert.equal((await owner.json(`/api/setup/fleet-sizes/${id}/`, { method: "DELETE" })).status, 200);
  assert.equal((await db.select().from(fleetSizes).where(eq(fleetSizes.id, id))).length, 0);
});

Deno.test("vans: the monthly rate is entered in dollars and stored in cents; VIN, number and station are checked", async () => {
  const number = `V${u()}`;
  const body = {
    number,
    plate_number: "abc1234",
    vin: "1ftbw2cm5pkA12345",
    fleet_size: 1,
    van_group: null,
    station: 2,
    ownership: 1,
    monthly_rate: "1,250.5",
    company: "Ford",
    model: "Transit 250",
  };
  const r = await owner.json("/api/setup/vans/", { method: "POST", json: body });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.monthly_rate, "1250.50");
  assert.equal(r.body.plate_number, "ABC1234");
  assert.equal(r.body.vin, "1FTBW2CM5PKA12345");
  assert.equal(r.body.ownership_name, "Rental");
  assert.equal(r.body.status, 1);
  const [row] = await db.select().from(vans).where(eq(vans.id, r.body.id));
  assert.equal(row.monthlyRateCents, 125_050);

  const badVin = await owner.json("/api/setup/vans/", {
    method: "POST",
    json: { ...body, number: `V${u()}`, vin: "1FTBW2CM5PKI12345" },
  });
  assert.equal(badVin.status, 400);
  assert.match(badVin.body.vin[0], /17 letters and digits without I, O or Q/);
  const badRate = await owner.json("/api/setup/vans/", {
    method: "POST",
    json: { ...body, number: `V${u()}`, monthly_rate: "12.345" },
  });
  assert.deepEqual(badRate.body.monthly_rate, ["Not valid: an amount like 1250.00"]);
  const dup = await owner.json("/api/setup/vans/", {
    method: "POST",
    json: { ...body, number: number.toLowerCase() },
  });
  assert.deepEqual(dup.body.number, [`A van numbered ${number.toLowerCase()} already exists.`]);
  const noOwnership = await owner.json("/api/setup/vans/", {
    method: "POST",
    json: { ...body, number: `V${u()}`, ownership: 3 },
  });
  assert.equal(noOwnership.status, 400);

  const cleared = await owner.json(`/api/setup/vans/${r.body.id}/`, {
    method: "PATCH",
    json: { monthly_rate: "", vin: "" },
  });
  assert.equal(cleared.body.monthly_rate, null);
  assert.equal(cleared.body.vin, "");
  assert.equal(cleared.body.company, "Ford", "fields not named stay as they were");
});

Deno.test("a van with status history cannot be deleted; a fresh one can", async () => {
  const van = await makeVan(db, { stationId: 1 });
  await db.insert(statusChanges).values([
    { entity: "van", entityId: van.id, fromStatus: 1, toStatus: 2, reason: 0 },
    { entity: "van", entityId: van.id, fromStatus: 2, toStatus: 1 },
  ]);
  const r = await owner.json(`/api/setup/vans/${van.id}/`, { method: "DELETE" });
  assert.equal(r.status, 409);
  assert.equal(r.body.detail, `Cannot delete van ${van.number}: 2 status history entries use it.`);
  const fresh = await makeVan(db, { stationId: 1 });
  const ok = await owner.json(`/api/setup/vans/${fresh.id}/`, { method: "DELETE" });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.detail, `Van ${fresh.number} was deleted.`);
});

Deno.test("scanners: serial numbers unique per kind, station among the viewer's, status 1 or 0", async () => {
  const serial = `RB-${u()}`;
  const r = await owner.json("/api/setup/scanners/", {
    method: "POST",
    json: { kind: "rabbit", serial_number: serial, station: 1 },
  });
  assert.equal(r.status, 201);
  assert.equal(r.body.status, 1);
  assert.equal(r.body.station.tag, "DON9");
  const dup = await owner.json("/api/setup/scanners/", {
    method: "POST",
    json: { kind: "rabbit", serial_number: serial, station: 2 },
  });
  assert.deepEqual(dup.body.serial_number, [
    `A rabbit scanner with the serial number ${serial} already exists.`,
  ]);
  const dolly = await owner.json("/api/setup/scanners/", {
    method: "POST",
    json: { kind: "dolly", serial_number: serial, station: 2, status: 0 },
  });
  assert.equal(dolly.status, 201, "the same serial as a dolly is another scanner");
  const bad = await owner.json(`/api/setup/scanners/${dolly.body.id}/`, {
    method: "PATCH",
    json: { status: 2 },
  });
  assert.equal(bad.status, 400);
  const kinds = await owner.json(`/api/setup/scanners/?kind=dolly&search=${serial}`);
  assert.deepEqual(kinds.body.results.map((s: ScannerDto) => s.id), [dolly.body.id]);
  assert.equal((await owner.json(`/api/setup/scanners/${r.body.id}/`, { method: "DELETE" })).status, 200);
});

Deno.test("lists page, sort and refuse unknown orderings", async () => {
  const r = await owner.json("/api/setup/vans/?page_size=10&page=2&ordering=-monthly_rate");
  assert.equal(r.status, 200);
  assert.equal(r.body.results.length, 10);
  assert.ok(r.body.count > 20);
  const rates = r.body.results.map((v: VanSetupDto) => Number(v.monthly_rate ?? -1));
  assert.deepEqual(rates, [...rates].sort((a, b) => b - a));
  const bad = await owner.json("/api/setup/vans/?ordering=password");
  assert.equal(bad.status, 400);
  assert.match(bad.body.detail, /Unknown ordering 'password'/);
  const big = await dispatcher.json("/api/setup/scanners/?page_size=1000");
  assert.equal(big.status, 200);
});

Deno.test("ids beyond the integer column are a 404 or a 400, never a server error", async () => {
  assert.equal(
    (await owner.json("/api/setup/vans/99999999999/", { method: "PATCH", json: { model: "X" } })).status,
    404,
  );
  assert.equal((await owner.json("/api/setup/vans/99999999999/", { method: "DELETE" })).status, 404);
  const body = { number: `V${u()}`, station: 99_999_999_999, ownership: 2, fleet_size: 99_999_999_999 };
  const r = await owner.json("/api/setup/vans/", { method: "POST", json: body });
  assert.equal(r.status, 400);
  assert.deepEqual(Object.keys(r.body).sort(), ["code", "detail", "fleet_size", "station"]);
  assert.equal((await owner.json("/api/setup/vans/?station=99999999999")).status, 400);
  assert.equal((await owner.json("/api/staff/99999999999/")).status, 404);
});

const ORG_WIDE = "reference.org_wide_owner_only";

/** A manager with spots on the given stations (all of them when none are named), signed in. */
async function managerOf(stationIds?: number[]): Promise<Client> {
  const m = await makeUser(db, { role: 3, password: "manager pass" });
  const ids = stationIds ?? (await db.select({ id: stations.id }).from(stations)).map((s) => s.id);
  for (const id of ids) await makeSpot(db, m.id, id);
  return await as(m.email, "manager pass");
}

/** Every org-wide section: a body to create one, and one to change it. */
const ORG_SECTIONS = () => {
  const x = u();
  return [
    {
      entity: "stations",
      create: { title: `St ${x}`, tag: `Q${x.slice(0, 3)}` },
      patch: { title: `T ${x}` },
    },
    { entity: "agencies", create: { name: `Ag ${x}` }, patch: { description: "changed" } },
    { entity: "fleet-groups", create: { name: `Fg ${x}` }, patch: { description: "changed" } },
    { entity: "van-groups", create: { name: `Vg ${x}` }, patch: { description: "changed" } },
    {
      entity: "fleet-sizes",
      create: { id: 100 + Math.floor(Math.random() * 800), title: `Fs ${x}` },
      patch: { title: `Fs2 ${x}` },
    },
  ];
};

Deno.test("org-wide reference data: a manager of some stations is refused (403), nothing changes", async () => {
  const limited = await managerOf([1]);
  for (const s of ORG_SECTIONS()) {
    const made = await owner.json(`/api/setup/${s.entity}/`, { method: "POST", json: s.create });
    assert.equal(made.status, 201, `${s.entity}: ${JSON.stringify(made.body)}`);
    const before = (await owner.json(`/api/setup/${s.entity}/?page_size=1000`)).body;
    const tries = [
      await limited.json(`/api/setup/${s.entity}/`, {
        method: "POST",
        json: ORG_SECTIONS().find((o) => o.entity === s.entity)!.create,
      }),
      await limited.json(`/api/setup/${s.entity}/${made.body.id}/`, { method: "PATCH", json: s.patch }),
      await limited.json(`/api/setup/${s.entity}/${made.body.id}/`, { method: "DELETE" }),
    ];
    for (const r of tries) {
      assert.equal(r.status, 403, `${s.entity}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.code, ORG_WIDE);
      assert.match(r.body.detail, /only an owner, or a manager of every station, may change them/);
    }
    assert.deepEqual((await owner.json(`/api/setup/${s.entity}/?page_size=1000`)).body, before, s.entity);
    assert.equal(
      (await owner.json(`/api/setup/${s.entity}/${made.body.id}/`, { method: "DELETE" })).status,
      200,
    );
  }
});

Deno.test("org-wide reference data: an owner and a manager of every station change it", async () => {
  for (const who of [owner, await managerOf()]) {
    for (const s of ORG_SECTIONS()) {
      const made = await who.json(`/api/setup/${s.entity}/`, { method: "POST", json: s.create });
      assert.equal(made.status, 201, `${s.entity}: ${JSON.stringify(made.body)}`);
      const edit = await who.json(`/api/setup/${s.entity}/${made.body.id}/`, {
        method: "PATCH",
        json: s.patch,
      });
      assert.equal(edit.status, 200, `${s.entity}: ${JSON.stringify(edit.body)}`);
      const gone = await who.json(`/api/setup/${s.entity}/${made.body.id}/`, { method: "DELETE" });
      assert.equal(gone.status, 200, `${s.entity}: ${JSON.stringify(gone.body)}`);
    }
  }
});

Deno.test("vans and scanners stay station-scoped: a manager of one station changes them there", async () => {
  const limited = await managerOf([1]);
  const van = await limited.json("/api/setup/vans/", {
    method: "POST",
    json: { number: `V${u()}`, station: 1, ownership: 2 },
  });
  assert.equal(van.status, 201, JSON.stringify(van.body));
  assert.equal(
    (await limited.json(`/api/setup/vans/${van.body.id}/`, { method: "PATCH", json: { model: "Y" } })).status,
    200,
  );
  assert.equal((await limited.json(`/api/setup/vans/${van.body.id}/`, { method: "DELETE" })).status, 200);
  const sc = await limited.json("/api/setup/scanners/", {
    method: "POST",
    json: { kind: "rabbit", serial_number: `S${u()}`, station: 1 },
  });
  assert.equal(sc.status, 201, JSON.stringify(sc.body));
  assert.equal((await limited.json(`/api/setup/scanners/${sc.body.id}/`, { method: "DELETE" })).status, 200);
});
