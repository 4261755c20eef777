// IKEA checks through the real app on the demo organisation (its station DTO3 is tagged for IKEA and has
// eight typed weeks): the list as the spec calls it, station scoping, and who may type (server enforced).
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { makeSpot } from "../../lib/demo/factories.ts";
import { users } from "../../lib/org/schema.ts";
import type { IkeaListDto, IkeaWeekDetailDto, IkeaWeekDto } from "../../lib/ikea/dto.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());

async function as(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}
const owner = await as("owner@example.com");
const manager = await as("manager@example.com");
const dispatcher = await as("dispatcher@example.com");
const supervisor = await as("supervisor@example.com");

Deno.test("the list: one-based pages, newest first, the Average row with a range", async () => {
  const all = await owner.json<IkeaListDto>("/api/ikea-weekly/?page=1&page_size=10");
  assert.equal(all.status, 200, JSON.stringify(all.body));
  assert.equal(all.body.count, 8, "the demo's eight IKEA weeks");
  assert.equal(all.body.results[0].station.tag, "DTO3");
  assert.equal(all.body.average, null);
  const starts = all.body.results.map((r) => r.week_start);
  assert.deepEqual(starts, [...starts].sort().reverse());
  const ranged = await owner.json<IkeaListDto>(
    `/api/ikea-weekly/?date_from=${starts[1]}&date_to=${starts[0]}`,
  );
  assert.equal(ranged.body.count, 2);
  const mean = Math.round(((ranged.body.results[0].dcr! + ranged.body.results[1].dcr!) / 2) * 100) / 100;
  assert.equal(ranged.body.average?.dcr, mean);
  assert.equal((await owner.json("/api/ikea-weekly/?page=0")).status, 400);
  assert.equal((await owner.json("/api/ikea-weekly/?page=2&page_size=10")).body.results.length, 0);
});

Deno.test("station scoping: a station not tagged for IKEA, or not the viewer's", async () => {
  const don9 = await owner.json("/api/ikea-weekly/?station=1");
  assert.equal(don9.status, 404);
  assert.equal(don9.body.code, "check.station_not_offered");
  // The demo dispatcher works at DON9 and HYZ1 only: nothing to list, and a DTO3 week is not found.
  const none = await dispatcher.json<IkeaListDto>("/api/ikea-weekly/");
  assert.equal(none.status, 200);
  assert.equal(none.body.count, 0);
  const id = (await owner.json<IkeaListDto>("/api/ikea-weekly/")).body.results[0].id;
  const foreign = await dispatcher.json(`/api/ikea-weekly/${id}/`, {
    method: "PATCH",
    json: { infraction: 1 },
  });
  assert.equal(foreign.status, 403, "role 1 may not type at all");
  assert.equal(
    (await owner.json("/api/ikea-weekly/999999/", { method: "PATCH", json: { infraction: 1 } })).status,
    404,
  );
});

Deno.test("edits: management types one figure; role 1 reads only; digits only", async () => {
  const [d] = await app.db.db.select({ id: users.id }).from(users).where(
    eq(users.email, "dispatcher@example.com"),
  );
  await makeSpot(app.db.db, d.id, 3);
  const reader = await as("dispatcher@example.com");
  const list = await reader.json<IkeaListDto>("/api/ikea-weekly/");
  assert.equal(list.body.count, 8, "the dispatcher now at DTO3 reads its weeks");
  const id = list.body.results[0].id;
  const refused = await reader.json(`/api/ikea-weekly/${id}/`, { method: "PATCH", json: { tenured_da: 3 } });
  assert.equal(refused.status, 403);
  // The edge refuses first (ACTIONS "ikea.edit"); lib refuses too (lib/ikea/ikea.test.ts).

  const saved = await manager.json<IkeaWeekDto>(`/api/ikea-weekly/${id}/`, {
    method: "PATCH",
    json: { employee_satisfaction_survey: 88 },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.employee_satisfaction_survey, 88);
  const rs = await supervisor.json<IkeaWeekDto>(`/api/ikea-weekly/${id}/`, {
    method: "PATCH",
    json: { reliability_score: 97 },
  });
  assert.ok([200, 404].includes(rs.status), "a supervisor types where they work");
  const two = await owner.json(`/api/ikea-weekly/${id}/`, {
    method: "PATCH",
    json: { infraction: 1, tenured_da: 2 },
  });
  assert.equal(two.status, 400, "one field at a time");
  const neg = await owner.json(`/api/ikea-weekly/${id}/`, { method: "PATCH", json: { infraction: -1 } });
  assert.equal(neg.status, 400);
  const frac = await owner.json(`/api/ikea-weekly/${id}/`, { method: "PATCH", json: { tenured_da: 1.5 } });
  assert.equal(frac.status, 400);
  const again = await reader.json<IkeaListDto>("/api/ikea-weekly/");
  assert.equal(again.body.results[0].employee_satisfaction_survey, 88);
});

Deno.test("the week page over HTTP: seven days; a day typed by management, refused to role 1", async () => {
  const id = (await owner.json<IkeaListDto>("/api/ikea-weekly/")).body.results[1].id;
  const week = await owner.json<IkeaWeekDetailDto>(`/api/ikea-weekly/${id}/`);
  assert.equal(week.status, 200, JSON.stringify(week.body));
  assert.equal(week.body.daily_checks.length, 7);
  const day = week.body.daily_checks[0];
  const refused = await dispatcher.json(`/api/ikea-daily/${day.id}/`, { method: "PATCH", json: { mc: 90 } });
  assert.equal(refused.status, 403);
  const saved = await manager.json<IkeaWeekDetailDto>(`/api/ikea-daily/${day.id}/`, {
    method: "PATCH",
    json: { mc_da_off_target: 4 },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const sum = saved.body.daily_checks.reduce((a, d) => a + (d.mc_da_off_target ?? 0), 0);
  assert.equal(saved.body.mc_da_off_target, sum, "the week's # is the Total of its days");
  const bad = await manager.json(`/api/ikea-daily/${day.id}/`, { method: "PATCH", json: { mc: 101 } });
  assert.equal(bad.status, 400);
  assert.equal((await owner.json("/api/ikea-weekly/999999/")).status, 404);
});
