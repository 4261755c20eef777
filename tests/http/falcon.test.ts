// Falcon's API through the real app (03 2.8): figures on a small station seeded here, the plan rule
// (current or later week of this year; a past week is a coded 400), comments with their match flag,
// station scoping (another's station is a coded 403) and who may call it (roles 2-4, not dispatchers).
//   Station F, Tue 04-03-2025: Standard x2 (Cargo, Cube van; one with no hours = 10 h), Flex 6 h (Medium),
//   Training, Client Cancelled (cancelled size Large), No Show. Wed 05-03-2025: Standard (Cargo Rental).
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { stationSpots, users } from "../../lib/org/schema.ts";
import { shiftRecords, shiftReports } from "../../lib/shifts/schema.ts";
import { falconPlans } from "../../lib/falcon/schema.ts";
import { makeSpot, makeStation, makeVan } from "../../lib/demo/factories.ts";
import { todayIn } from "../../lib/dates/periods.ts";
import { addDays } from "../../lib/dates/calendar.ts";
import { sundayOf } from "../../lib/dates/weeks.ts";
import { getTimeZone } from "../../lib/settings/queries.ts";
import type { CommentSavedDto, FalconDto } from "../../lib/falcon/dto.ts";
import { falconRows } from "../../lib/falcon/calc.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

const f = await makeStation(db, { tag: "FLC1", title: "Falcon test" });
const [owner] = await db.select().from(users).where(eq(users.email, "owner@example.com"));
await makeSpot(db, owner.id, f.id);
const van = (fleetSizeId: number) => makeVan(db, { stationId: f.id, fleetSizeId });
const [cargo, cube, medium, rental] = [await van(1), await van(3), await van(6), await van(5)];
const report = async (reportDate: string) =>
  (await db.insert(shiftReports).values({ stationId: f.id, reportDate, weekNumber: 9, year: 2025 })
    .returning())[0];
const [tue, wed] = [await report("2025-03-04"), await report("2025-03-05")];
await db.insert(shiftRecords).values([
  { reportId: tue.id, reportDate: tue.reportDate, role: 0, vanId: cargo.id },
  { reportId: tue.id, reportDate: tue.reportDate, role: 0, vanId: cube.id, roleHours: "10" },
  { reportId: tue.id, reportDate: tue.reportDate, role: 8, vanId: medium.id, roleHours: "6" },
  { reportId: tue.id, reportDate: tue.reportDate, role: 4 },
  { reportId: tue.id, reportDate: tue.reportDate, role: 7, cancelledFleetSizeId: 2 },
  { reportId: tue.id, reportDate: tue.reportDate, role: 1 },
  { reportId: wed.id, reportDate: wed.reportDate, role: 0, vanId: rental.id },
]);
await db.insert(falconPlans).values({ stationId: f.id, reportDate: "2025-03-04", routes: 4 });

async function as(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}
const [own, supervisor, dispatcher] = [
  await as("owner@example.com"),
  await as("supervisor@example.com"),
  await as("dispatcher@example.com"),
];
const today = todayIn(await getTimeZone(db));

Deno.test("GET api/falcon/: a week's figures by role, van size and hours, hand-counted", async () => {
  const r = await own.json<FalconDto>(`/api/falcon/?station=${f.id}&year=2025&week=9`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const d = r.body;
  assert.deepEqual([d.period.type, d.period.from, d.period.to], ["week", "2025-03-02", "2025-03-08"]);
  assert.equal(d.date_list.length, 7);
  assert.deepEqual(d.plan_list, [{ report_date: "2025-03-04", number_of_routes: 4 }]);
  const rows = Object.fromEntries(falconRows(d).map((x) => [x.key, x]));
  const at = (key: string, date: string) => rows[key].cells[d.date_list.findIndex((c) => c.key === date)];
  assert.equal(at("actual", "2025-03-04"), 3, "Standard x2 + Flex");
  assert.equal(at("actual", "2025-03-05"), 1);
  assert.equal(rows["role-4"].total, 1);
  assert.equal(rows["role-1"].total, 1);
  assert.equal(rows["van-cargo"].total, 2, "Cargo and Cargo (Rental)");
  assert.equal(rows["van-cube"].total, 1);
  assert.equal(rows["van-medium"].total, 1);
  assert.equal(rows["cancelled-large"].total, 1);
  assert.equal(rows["hours-total"].total, 10 + 10 + 6 + 10);
  const year = await own.json<FalconDto>(`/api/falcon/?station=${f.id}&year=2025`);
  assert.equal(year.body.date_list.length, 52);
  assert.deepEqual(year.body.plan_list, [{ week_number: 9, number_of_routes: 4 }]);
  assert.equal(falconRows(year.body)[0].cells[9], 4);
  assert.equal((await own.json(`/api/falcon/?station=${f.id}&week=3`)).status, 400);
});

Deno.test("PUT api/falcon/plan/: the current week saves, a past week is refused with its code", async () => {
  const thisWeek = addDays(sundayOf(today), 1);
  const ok = await own.json("/api/falcon/plan/", {
    method: "PUT",
    json: { date: thisWeek, routes: 12, station: f.id },
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  const again = await own.json("/api/falcon/plan/", {
    method: "PUT",
    json: { date: thisWeek, routes: 9, station: f.id },
  });
  assert.equal(again.body.number_of_routes, 9);
  const past = await own.json("/api/falcon/plan/", {
    method: "PUT",
    json: { date: addDays(sundayOf(today), -1), routes: 5, station: f.id },
  });
  assert.equal(past.status, 400);
  assert.equal(past.body.code, "falcon.plan_not_editable");
  const old = await own.json("/api/falcon/plan/", {
    method: "PUT",
    json: { date: "2025-03-04", routes: 5, station: f.id },
  });
  assert.equal(old.body.code, "falcon.plan_not_editable");
  const bad = await own.json("/api/falcon/plan/", {
    method: "PUT",
    json: { date: thisWeek, routes: -1, station: f.id },
  });
  assert.equal(bad.status, 400);
  const week = await own.json<FalconDto>(`/api/falcon/?station=${f.id}&day=${thisWeek}`);
  assert.deepEqual(week.body.plan_list, [{ report_date: thisWeek, number_of_routes: 9 }]);
});

Deno.test("PUT api/falcon/comment/: created, then updated, with its match flag", async () => {
  const body = { date: "2025-03-04", comment: "Two routes short", matchStatus: 2, station: f.id };
  const first = await own.json<CommentSavedDto>("/api/falcon/comment/", { method: "PUT", json: body });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.created, true);
  assert.deepEqual(first.body.data, [{
    report_date: "2025-03-04",
    report_comment: "Two routes short",
    is_match: 2,
  }]);
  const second = await own.json<CommentSavedDto>("/api/falcon/comment/", {
    method: "PUT",
    json: { ...body, matchStatus: 1 },
  });
  assert.equal(second.body.created, false);
  assert.equal(second.body.data[0].is_match, 1);
  assert.equal(
    (await own.json("/api/falcon/comment/", { method: "PUT", json: { ...body, matchStatus: 3 } })).status,
    400,
  );
  const read = await own.json<FalconDto>(`/api/falcon/?station=${f.id}&year=2025&month=3`);
  assert.equal(read.body.date_list.length, 31);
  assert.deepEqual(read.body.comment_list.map((c) => c.is_match), [1]);
});

Deno.test("station scoping and roles: another's station is a coded 403; dispatchers are refused", async () => {
  for (
    const [path, init] of [
      [`/api/falcon/?station=${f.id}&year=2025`, {}],
      ["/api/falcon/plan/", { method: "PUT", json: { date: today, routes: 1, station: f.id } }],
      ["/api/falcon/comment/", { method: "PUT", json: { date: today, comment: "x", station: f.id } }],
    ] as const
  ) {
    const r = await supervisor.json(path, init);
    assert.equal(r.status, 403, path);
    assert.equal(r.body.code, "falcon.station_not_yours", path);
    assert.equal((await dispatcher.json(path, init)).status, 403, `${path} (dispatcher)`);
  }
  const [sup] = await db.select().from(users).where(eq(users.email, "supervisor@example.com"));
  const [spot] = await db.select().from(stationSpots).where(eq(stationSpots.userId, sup.id));
  assert.equal((await supervisor.json(`/api/falcon/?station=${spot.stationId}&year=2026`)).status, 200);
  const page = await dispatcher.fetch("/falcon");
  assert.ok([302, 303].includes(page.status), `a dispatcher is sent away (${page.status})`);
  await page.body?.cancel();
});

Deno.test("GET api/statistic/?statistic=falcon_data: the API's answer; another's station refused, nothing leaked", async () => {
  const week = `station=${f.id}&year=2025&week=9`;
  const api = await own.json<FalconDto>(`/api/falcon/?${week}`);
  const stat = await own.json<FalconDto>(`/api/statistic/?statistic=falcon_data&${week}`);
  assert.equal(stat.status, 200, JSON.stringify(stat.body));
  assert.deepEqual(stat.body, api.body, "one function answers both");
  assert.equal(falconRows(stat.body)[0].total, 4, "Standard x2 + Flex on Tuesday, Standard on Wednesday");
  const one = await own.json<FalconDto>(
    `/api/statistic/?statistic=falcon_data&stations=${f.id}&year=2025&week=9`,
  );
  assert.deepEqual(one.body, api.body, "01 section 7's `stations`, naming one station");

  for (const q of [week, `stations=${f.id}&year=2025&week=9`, `station=${f.id}&day=2025-03-04`]) {
    const r = await supervisor.fetch(`/api/statistic/?statistic=falcon_data&${q}`);
    const text = await r.text();
    assert.equal(r.status, 403, q);
    assert.equal(JSON.parse(text).code, "falcon.station_not_yours", q);
    for (const leak of ["FLC1", "Falcon test", "standard_list", "plan_list"]) {
      assert.ok(!text.includes(leak), `${q}: the refusal shows nothing of the station (${leak})`);
    }
    assert.equal((await dispatcher.json(`/api/statistic/?statistic=falcon_data&${q}`)).status, 403, q);
  }
  const [sup] = await db.select().from(users).where(eq(users.email, "supervisor@example.com"));
  const [spot] = await db.select().from(stationSpots).where(eq(stationSpots.userId, sup.id));
  const mine = await supervisor.json<FalconDto>(
    `/api/statistic/?statistic=falcon_data&station=${spot.stationId}&year=2025&week=9`,
  );
  assert.equal(mine.status, 200, JSON.stringify(mine.body));
  assert.equal(mine.body.station.id, spot.stationId);
  const two = await own.json(
    `/api/statistic/?statistic=falcon_data&stations=${f.id}_${spot.stationId}&year=2025`,
  );
  assert.equal(two.status, 400, "Falcon reads one station");
  assert.equal((await own.json(`/api/statistic/?statistic=falcon_data&year=2025`)).status, 400);
});
