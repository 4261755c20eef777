// Issue 10 points 6-8 through the real app: scripts with a bearer token are not held to the origin check
// (cookie sessions still are), the spec's payloads and missing calls work as written, and phone numbers are
// validated and stored in E.164. One app for every case.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { uploadForm } from "../helpers/imports.ts";
import { shiftRecords, shiftReports, users } from "../../lib/db/schema.ts";
import { makeSpot, makeUser } from "../../lib/demo/factories.ts";
import { activeDas, day, makeReport, vansOf } from "../integration/tracker-fixture.ts";
import { sampleRows, shiftXlsx } from "../fixtures/shift-xlsx.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { makeDcr } from "../../lib/dev/amazon/quality.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;
const EVIL = "https://evil.example";

async function token(email: string): Promise<string> {
  const res = await fetch(app.url + "/api/auth/token/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "demo1234" }),
  });
  assert.equal(res.status, 200);
  return (await res.json()).access;
}

/** A script: bearer token, no Origin, no cookie (curl, cron). */
async function script(tok: string, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${tok}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  const res = await fetch(app.url + path, { ...init, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function signedIn(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

async function stationDas(stationId: number, n: number) {
  const ids = (await activeDas(db, stationId)).slice(0, n);
  return await Promise.all(ids.map(async (id) => {
    const [u] = await db.select().from(users).where(eq(users.id, id));
    return { id, firstName: u.firstName, lastName: u.lastName, transporterId: u.transporterId! };
  }));
}

const routesFile = async (stationId: number) => ({
  fileName: "DON9 routes.xlsx",
  bytes: await shiftXlsx(sampleRows(await stationDas(stationId, 3)), { variant: "day-of-plan" }),
});

const dayReport = async (stationId: number, date: string) =>
  (await db.select().from(shiftReports).where(
    and(eq(shiftReports.stationId, stationId), eq(shiftReports.reportDate, date)),
  ))[0];

Deno.test("origin check: bearer scripts pass without Origin; cookie sessions from another site are refused", async () => {
  const tok = await token("dispatcher@example.com");
  const browser = await signedIn("dispatcher@example.com");
  const date = await day(db, 2);
  await db.delete(shiftReports).where(and(eq(shiftReports.stationId, 1), eq(shiftReports.reportDate, date)));
  const file = await routesFile(1);

  // curl -F: multipart with a bearer token and no Origin.
  const up = await script(tok, "/api/upload-xlsx-shift-data/", {
    method: "POST",
    body: uploadForm("xlsx_file", file, { shift_date: date, station: "1" }),
  });
  assert.equal(up.status, 200, JSON.stringify(up.body));

  // The same form post from a browser holding the session cookie, sent by another site: refused.
  const forged = await browser.fetch("/api/upload-xlsx-shift-data/", {
    method: "POST",
    headers: { origin: EVIL },
    body: uploadForm("xlsx_file", file, { shift_date: date, station: "1" }),
  });
  assert.equal(forged.status, 403);
  // Cookie, no Origin, but the browser says cross-site: refused too.
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const noOrigin = await fetch(app.url + "/api/da-daily-report-record/", {
    method: "POST",
    headers: { cookie, "sec-fetch-site": "cross-site", "content-type": "application/json" },
    body: JSON.stringify({ report: 1 }),
  });
  assert.equal(noOrigin.status, 403);
  await noOrigin.body?.cancel();

  // DELETE and an empty POST with a bearer token and no Origin.
  const report = await makeReport(db, { stationId: 1, reportDate: await day(db, 3), rows: 2 });
  const del = await script(tok, `/api/da-daily-report-record/${report.recordIds[1]}/`, { method: "DELETE" });
  assert.equal(del.status, 204, JSON.stringify(del.body));
  const emptyPost = await script(tok, "/api/auth/logout/", { method: "POST" });
  assert.notEqual(emptyPost.status, 403, JSON.stringify(emptyPost.body));
  assert.ok(emptyPost.status < 300, JSON.stringify(emptyPost.body));

  // Anonymous (no cookie, no token): a form post without Origin (an SMS provider's webhook) is not refused
  // by the origin check; a cross-site one to the sign-in endpoint is (login CSRF).
  const anon = await fetch(app.url + "/api/auth/token/", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "email=x%40example.com&password=nope",
  });
  assert.notEqual(anon.status, 403);
  await anon.body?.cancel();
  // The SMS provider's webhook gets past the origin check to its own signature check (its own refusal).
  const hook = await fetch(app.url + "/api/sms/inbound", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "From=%2B12065550100&Body=YES",
  });
  const hookBody = await hook.json().catch(() => ({}));
  assert.notEqual(hookBody.code, "request.cross_site", JSON.stringify(hookBody));
  const csrf = await fetch(app.url + "/api/auth/login/", {
    method: "POST",
    headers: { origin: EVIL, "content-type": "application/json" },
    body: JSON.stringify({ email: "dispatcher@example.com", password: "demo1234" }),
  });
  assert.equal(csrf.status, 403);
  assert.equal((await csrf.json()).code, "request.cross_site");
});

Deno.test("shift XLSX upload without `report`: the station's day report is found or made", async () => {
  const tok = await token("dispatcher@example.com");
  const date = await day(db, 4);
  await db.delete(shiftReports).where(eq(shiftReports.reportDate, date));
  const file = await routesFile(1);

  // Two stations and no `station`: which day? A refusal naming the field.
  const unsure = await script(tok, "/api/upload-xlsx-shift-data/", {
    method: "POST",
    body: uploadForm("xlsx_file", file, { shift_date: date }),
  });
  assert.equal(unsure.status, 400);
  assert.equal(unsure.body.code, "shift_upload.station_needed");
  assert.ok(unsure.body.station);

  // A refused file leaves no report behind.
  const bad = await script(tok, "/api/upload-xlsx-shift-data/", {
    method: "POST",
    body: uploadForm("xlsx_file", { fileName: "x.xlsx", bytes: new TextEncoder().encode("not a sheet") }, {
      shift_date: date,
      station: "1",
    }),
  });
  assert.equal(bad.status, 400, JSON.stringify(bad.body));
  assert.equal(await dayReport(1, date), undefined);

  // The spec's own payload (xlsx_file, shift_date) from someone at one station: the report is made.
  const single = await makeUser(db, { role: 1, password: "demo1234" });
  await makeSpot(db, single.id, 1);
  const own = await script(await token(single.email), "/api/upload-xlsx-shift-data/", {
    method: "POST",
    body: uploadForm("xlsx_file", file, { shift_date: date }),
  });
  assert.equal(own.status, 200, JSON.stringify(own.body));
  assert.equal(own.body.created, 3);
  const made = await dayReport(1, date);
  assert.ok(made);
  // Again, with the station named: the same report, nothing new.
  const again = await script(tok, "/api/upload-xlsx-shift-data/", {
    method: "POST",
    body: uploadForm("xlsx_file", file, { shift_date: date, station: "1" }),
  });
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.deepEqual([again.body.created, again.body.unchanged], [0, 3]);
  assert.equal((await dayReport(1, date)).id, made.id);
});

Deno.test("the spec's lookups: rabbit-number, dolly-number, fleet-size, countries", async () => {
  const tok = await token("dispatcher@example.com");
  for (const kind of ["rabbit", "dolly"]) {
    const r = await script(tok, `/api/${kind}-number/?page_size=1000&station=1&status=1`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(r.body.results.length > 0);
    assert.equal(r.body.count, r.body.results.length);
    for (const s of r.body.results) assert.deepEqual([s.kind, s.station.id, s.status], [kind, 1, 1]);
    const tooMany = await script(tok, `/api/${kind}-number/?page_size=5000`);
    assert.equal(tooMany.status, 400);
    assert.ok(tooMany.body.page_size);
  }
  const sizes = await script(tok, "/api/fleet-size/");
  assert.equal(sizes.status, 200);
  assert.ok(sizes.body.results.every((s: { id: number; title: string }) => s.id > 0 && s.title));
  const countries = await script(tok, "/api/countries/");
  assert.equal(countries.status, 200);
  const us = countries.body.results.find((c: { code: string }) => c.code === "US");
  assert.deepEqual(us, { code: "US", name: "United States", calling_code: "+1", is_default: true });
  const anonymous = await fetch(app.url + "/api/countries/");
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
});

Deno.test("driver-van-assignment: DA on, van by fleet size, both off (bearer, no Origin)", async () => {
  const tok = await token("dispatcher@example.com");
  const date = await day(db, 5);
  const report = await makeReport(db, { stationId: 1, reportDate: date, rows: 1 });
  const [row] = report.recordIds;
  const [da] = await activeDas(db, 1);

  const wrongVan = await script(tok, "/api/driver-van-assignment/", {
    method: "POST",
    json: { record: row, driver: da, van: 5 },
  });
  assert.equal(wrongVan.status, 400);
  assert.ok(wrongVan.body.van);
  const made = await script(tok, "/api/driver-van-assignment/", {
    method: "POST",
    json: { record: row, driver: da, van: null },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.deepEqual([made.body.id, made.body.record, made.body.driver], [row, row, da]);

  const [van] = (await vansOf(db, 1, 1)).filter((v) => v.status === 1);
  const wrongDay = await script(tok, `/api/driver-van-assignment/${row}/van_assignment/`, {
    method: "PUT",
    json: { date: await day(db, 6), station: 1, fleet_size: 1 },
  });
  assert.equal(wrongDay.status, 400);
  assert.ok(wrongDay.body.date);
  const put = await script(tok, `/api/driver-van-assignment/${row}/van_assignment/`, {
    method: "PUT",
    json: { date, station: 1, fleet_size: 1 },
  });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.ok(van && put.body.van?.id, "a free van of size 1 was given");
  assert.equal(put.body.record.van.id, put.body.van.id);

  const gone = await script(tok, `/api/driver-van-assignment/${row}/`, { method: "DELETE" });
  assert.equal(gone.status, 204, JSON.stringify(gone.body));
  const [after] = await db.select().from(shiftRecords).where(eq(shiftRecords.id, row));
  assert.deepEqual([after.driverId, after.vanId], [null, null]);
  const missing = await script(tok, "/api/driver-van-assignment/999999/", { method: "DELETE" });
  assert.equal(missing.status, 404);
});

Deno.test("upload-deliveries-csv and upload-weekly-quality import their files (and refuse others)", async () => {
  const tok = await token("manager@example.com");
  const opts = { station: "DON9", week: 12, year: 2023, das: makeDas(4, 77), seed: 12 };
  const dnr = await script(tok, "/api/upload-deliveries-csv/", {
    method: "POST",
    body: uploadForm("csv_file", makeDnr(opts)),
  });
  assert.equal(dnr.status, 201, JSON.stringify(dnr.body));
  assert.equal(dnr.body.import.kind, "dnr-csv");
  const dcr = await script(tok, "/api/upload-weekly-quality/", {
    method: "POST",
    body: uploadForm("csv_file", makeDcr(opts)),
  });
  assert.equal(dcr.status, 201, JSON.stringify(dcr.body));
  assert.equal(dcr.body.import.kind, "dcr-csv");
  const wrong = await script(tok, "/api/upload-weekly-quality/", {
    method: "POST",
    body: uploadForm("csv_file", makeDnr({ ...opts, week: 13 })),
  });
  assert.equal(wrong.status, 400, JSON.stringify(wrong.body));
});

Deno.test("phone numbers: 'abc' refused naming the field, others stored in E.164", async () => {
  const c = await signedIn("supervisor@example.com");
  const me = (await c.json("/api/current-user/")).body;
  const bad = await c.json(`/api/users/${me.id}/`, { method: "PATCH", json: { mobile_number: "abc" } });
  assert.equal(bad.status, 400);
  assert.match(bad.body.mobile_number[0], /Not a phone number: 'abc'/);
  const ok = await c.json(`/api/users/${me.id}/`, {
    method: "PATCH",
    json: { mobile_number: "(206) 555-0123", whatsapp_mobile_number: "+44 20 7946 0958" },
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual([ok.body.mobile_number, ok.body.whatsapp_mobile_number], [
    "+12065550123",
    "+442079460958",
  ]);

  const owner = await signedIn("owner@example.com");
  const staff = await owner.json("/api/staff/", {
    method: "POST",
    json: {
      email: "phone.check@example.com",
      first_name: "Pho",
      last_name: "Ne",
      role: 1,
      mobile_number: "12",
      station_spots: [{ station: 1 }],
    },
  });
  assert.equal(staff.status, 400);
  assert.ok(staff.body.mobile_number, JSON.stringify(staff.body));
});
