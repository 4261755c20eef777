// /act-ikea (issue 12 point 4) through the real app on the demo organisation (DTO3 is tagged for IKEA, its
// newest weeks carry demo IKEA actions): the IKEA action list and edits, actions made from an IKEA week's
// off-target measure, the two customers kept apart (/act never shows an IKEA action, nor the reverse), station
// scoping, and the lib's own rules called directly.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { makeSpot } from "../../lib/demo/factories.ts";
import { makeIkeaWeek } from "../../lib/demo/ikea.ts";
import { users } from "../../lib/org/schema.ts";
import { coachingActions } from "../../lib/actions/schema.ts";
import { actionFromIkea, stationDas } from "../../lib/actions/ikea.ts";
import { listActions } from "../../lib/actions/queries.ts";
import { actionListQuery } from "../../lib/actions/inputs.ts";
import type { ActionRowDto } from "../../lib/actions/dto.ts";
import type { IkeaListDto } from "../../lib/ikea/dto.ts";
import { isDomainError } from "../../lib/errors.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

async function as(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}
const owner = await as("owner@example.com");
const manager = await as("manager@example.com");
const DTO3 = 3;
type List = { count: number; results: ActionRowDto[] };

Deno.test("the demo's IKEA actions: DTO3 only, IKEA measures only, sorted and filtered as /act", async () => {
  const all = await owner.json<List>("/api/ikea-actions/?page=1&page_size=100");
  assert.equal(all.status, 200, JSON.stringify(all.body));
  assert.ok(all.body.count > 0, "the demo makes IKEA actions");
  assert.ok(all.body.results.every((r) => r.station_id === DTO3));
  assert.ok(all.body.results.every((r) => ["dcr", "oa", "mc"].includes(r.off_target_area)));
  assert.ok(new Set(all.body.results.map((r) => r.status)).size > 1, "several statuses");
  const weeks = all.body.results.map((r) => r.year * 100 + r.get_week_number);
  assert.deepEqual(weeks, [...weeks].sort((a, b) => b - a), "default ordering -week_number");
  const dcr = await owner.json<List>("/api/ikea-actions/?off_target_area=dcr&page_size=100");
  assert.ok(dcr.body.results.every((r) => r.off_target_area === "dcr"));
  const don9 = await owner.json("/api/ikea-actions/?station=1");
  assert.equal(don9.status, 404);
  assert.equal(don9.body.code, "check.station_not_offered");
  assert.equal((await owner.json("/api/ikea-actions/?page=0")).status, 400);
});

Deno.test("the customers are kept apart: /act's API neither lists nor edits an IKEA action, nor the reverse", async () => {
  const ikea = (await owner.json<List>("/api/ikea-actions/")).body.results[0];
  const amzn = (await owner.json<List>("/api/actions/")).body.results[0];
  assert.ok(ikea && amzn);
  const viaAmzn = await owner.json(`/api/actions/${ikea.id}/`, { method: "PATCH", json: { status: 1 } });
  assert.equal(viaAmzn.status, 404);
  assert.equal(viaAmzn.body.code, "action.not_found");
  const viaIkea = await owner.json(`/api/ikea-actions/${amzn.id}/`, { method: "PATCH", json: { status: 1 } });
  assert.equal(viaIkea.status, 404);
  // The lib itself: 'amzn' lists at DTO3 (were it offered) nothing of IKEA's; all rows default to 'amzn'.
  const viewer = { stationIds: [1, 2, DTO3] };
  const listed = await listActions(db, viewer, actionListQuery.parse({ page_size: "100" }), "amzn");
  assert.ok(listed.results.every((r) => r.station_id !== DTO3 && r.off_target_area !== undefined));
  const ikeaRows = await db.select({ id: coachingActions.id }).from(coachingActions)
    .where(eq(coachingActions.customer, "ikea"));
  const ikeaIds = new Set(ikeaRows.map((r) => r.id));
  assert.ok(listed.results.every((r) => !ikeaIds.has(r.id)));
});

Deno.test("an action from an IKEA week: off-target measure, a DA of the station, once per DA", async () => {
  const das = await stationDas(db, DTO3);
  assert.ok(das.length > 1, "DTO3 has DAs");
  const day = "2019-03-13";
  const week = await makeIkeaWeek(db, DTO3, day, { dcr: 95, oa: 100, mcDaOffTarget: 2 });
  const post = (json: unknown, c = manager) =>
    c.json("/api/ikea-actions/from-week/", { method: "POST", json });

  const made = await post({ ikea_week_id: week, measure: "dcr", driver_id: das[0].id });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.equal(made.body.created, true);
  assert.equal(made.body.action.off_target_area, "dcr");
  assert.equal(made.body.action.driver_fullname, das[0].name);
  assert.equal(made.body.action.action_date, "2019-03-10", "the week's Sunday");
  assert.equal(made.body.action.status, 3, "Open");
  const again = await post({ ikea_week_id: week, measure: "dcr", driver_id: das[0].id });
  assert.equal(again.status, 200);
  assert.equal(again.body.created, false);
  assert.equal(again.body.action.id, made.body.action.id);
  assert.equal((await post({ ikea_week_id: week, measure: "mc", driver_id: das[1].id })).status, 201);

  const onTarget = await post({ ikea_week_id: week, measure: "oa", driver_id: das[0].id });
  assert.equal(onTarget.status, 400);
  assert.equal(onTarget.body.code, "action.on_target");
  const other = (await stationDas(db, 1)).find((d) => !das.some((x) => x.id === d.id))!;
  const stranger = await post({ ikea_week_id: week, measure: "dcr", driver_id: other.id });
  assert.equal(stranger.status, 400);
  assert.equal(stranger.body.code, "action.da_not_found");
  assert.equal((await post({ ikea_week_id: week, measure: "cc", driver_id: das[0].id })).status, 400);
  assert.equal((await post({ ikea_week_id: 999_999, measure: "dcr", driver_id: das[0].id })).status, 404);

  const listed = await manager.json<List>("/api/ikea-actions/?week_date=2019-03-13");
  assert.equal(listed.body.count, 2);
  const rows = await db.select().from(coachingActions).where(and(
    eq(coachingActions.ikeaWeekId, week),
    eq(coachingActions.customer, "ikea"),
  ));
  assert.equal(rows.length, 2);
});

Deno.test("a dispatcher: nothing without an IKEA station; with DTO3, reads and edits", async () => {
  const [d] = await db.select({ id: users.id }).from(users).where(eq(users.email, "dispatcher@example.com"));
  const outside = await as("dispatcher@example.com");
  const none = await outside.json<List>("/api/ikea-actions/");
  assert.equal(none.status, 200);
  assert.equal(none.body.count, 0);
  const id = (await owner.json<List>("/api/ikea-actions/")).body.results[0].id;
  const foreign = await outside.json(`/api/ikea-actions/${id}/`, { method: "PATCH", json: { status: 2 } });
  assert.equal(foreign.status, 404, "an action at a station not theirs is not found");
  const ikeaWeek = (await owner.json<IkeaListDto>("/api/ikea-weekly/")).body.results[0];
  const das = await stationDas(db, DTO3);
  const notTheirs = await outside.json("/api/ikea-actions/from-week/", {
    method: "POST",
    json: { ikea_week_id: ikeaWeek.id, measure: "dcr", driver_id: das[0].id },
  });
  assert.equal(notTheirs.status, 404);
  assert.equal(notTheirs.body.code, "ikea.not_found");

  await makeSpot(db, d.id, DTO3);
  const inside = await as("dispatcher@example.com");
  assert.ok((await inside.json<List>("/api/ikea-actions/")).body.count > 0);
  const saved = await inside.json<ActionRowDto>(`/api/ikea-actions/${id}/`, {
    method: "PATCH",
    json: { status: 2, coaching_count: 4, comments: "Talked at the dock" },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.status, 2);
  assert.equal(saved.body.coaching_count, 4);
  const badOwner = await inside.json(`/api/ikea-actions/${id}/`, { method: "PATCH", json: { owner: d.id } });
  assert.equal(badOwner.status, 400);
  assert.equal(badOwner.body.code, "action.owner_not_found");
  assert.equal((await inside.json(`/api/ikea-actions/${id}/`, { method: "PATCH", json: {} })).status, 400);
});

Deno.test("the lib refuses a week the viewer does not hold and a measure nobody typed", async () => {
  const week = await makeIkeaWeek(db, DTO3, "2019-05-15");
  const [da] = await stationDas(db, DTO3);
  const refused = async (viewer: { id: number; stationIds: number[] }, code: string) => {
    try {
      await actionFromIkea(db, viewer, { ikea_week_id: week, measure: "dcr", driver_id: da.id });
      assert.fail("made");
    } catch (e) {
      assert.ok(isDomainError(e) && e.code === code, String(e));
    }
  };
  await refused({ id: 1, stationIds: [1, 2] }, "ikea.not_found");
  await refused({ id: 1, stationIds: [DTO3] }, "action.on_target");
});
