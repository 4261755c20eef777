// The dashboard's API through the real app on the demo organisation: GET api/dashboard/, the dashboard's
// named statistics, get_week_number and the weights, who may call them (roles 2-4; dispatchers refused)
// and station scoping (a station the caller does not hold is refused, not silently dropped).
import assert from "node:assert/strict";
import { Client, startTestApp } from "../helpers/app.ts";
import { stations } from "../../lib/org/schema.ts";
import type { DashboardDto } from "../../lib/dashboard/dto.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

async function as(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}
const [owner, supervisor, dispatcher] = [
  await as("owner@example.com"),
  await as("supervisor@example.com"),
  await as("dispatcher@example.com"),
];
const all = await db.select().from(stations);
const dto3 = all.find((s) => s.tag === "DTO3")!;

Deno.test("GET api/dashboard/: every card in the spec's field names, for a week and a year", async () => {
  const week = await owner.json<DashboardDto>("/api/dashboard/?year=2026&week=10");
  assert.equal(week.status, 200, JSON.stringify(week.body));
  for (const k of ["total_routes", "total_plans", "completion", "training_routes", "other_routes"]) {
    assert.ok(k in week.body.routes, k);
  }
  for (const k of ["rabbit_returns", "total_dollies", "difference_dolly"]) {
    assert.ok(k in week.body.serial_numbers, k);
  }
  assert.ok(week.body.da_statuses.assigned_drivers > 0, "the demo's DAs");
  assert.deepEqual(week.body.stations.sort(), all.map((s) => s.id).sort());
  const year = await owner.json<DashboardDto>("/api/dashboard/?year=2026");
  assert.equal(year.body.period.type, "annual");
  assert.ok(year.body.routes.total_routes >= week.body.routes.total_routes);
  const bad = await owner.json("/api/dashboard/?week=3");
  assert.equal(bad.status, 400);
});

Deno.test("station scoping: a supervisor reads their stations only, and naming another is a coded 403", async () => {
  const mine = await supervisor.json<DashboardDto>("/api/dashboard/?year=2026&month=3");
  assert.equal(mine.status, 200);
  assert.ok(!mine.body.stations.includes(dto3.id), "DTO3 is not the supervisor's");
  for (
    const path of [
      `/api/dashboard/?year=2026&stations=${dto3.id}`,
      `/api/statistic/?statistic=routes_stats&year=2026&stations=${dto3.id}`,
    ]
  ) {
    const r = await supervisor.json(path);
    assert.equal(r.status, 403, path);
    assert.equal(r.body.code, "dashboard.station_not_yours");
  }
  const stat = await supervisor.json("/api/statistic/?statistic=roles_data&year=2026&month=3");
  assert.equal(stat.status, 200);
  assert.ok(Array.isArray(stat.body.data));
});

Deno.test("a dispatcher is refused the dashboard, its statistics, its pages and the weights", async () => {
  for (
    const path of [
      "/api/dashboard/?year=2026",
      "/api/statistic/?statistic=routes_stats&year=2026",
      "/api/weights/",
    ]
  ) {
    assert.equal((await dispatcher.json(path)).status, 403, path);
  }
  for (const path of ["/dashboard", "/dashboard/routes"]) {
    const page = await dispatcher.fetch(path);
    assert.ok([302, 303].includes(page.status), `${path} sends a dispatcher away (${page.status})`);
    await page.body?.cancel();
  }
});

Deno.test("get_week_number and the weights: supervisors read, owners change (0-100)", async () => {
  const w = await supervisor.json("/api/dashboard/get_week_number/?date=2026-01-01");
  assert.deepEqual(w.body, { date: "2026-01-01", week_number: 0, year: 2026 });
  const got = await supervisor.json("/api/weights/");
  assert.deepEqual(Object.keys(got.body).sort(), ["road_runner_min", "team_player_min"]);
  assert.equal(
    (await supervisor.json("/api/weights/", { method: "PATCH", json: { team_player_min: 60 } })).status,
    403,
  );
  const changed = await owner.json("/api/weights/", { method: "PATCH", json: { team_player_min: 60 } });
  assert.equal(changed.status, 200);
  assert.equal(changed.body.team_player_min, 60);
  assert.equal(
    (await owner.json("/api/weights/", { method: "PATCH", json: { road_runner_min: 101 } })).status,
    400,
  );
  assert.equal((await supervisor.json("/api/weights/")).body.team_player_min, 60);
});
