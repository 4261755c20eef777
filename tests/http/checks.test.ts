// Checks through the real app on the demo organisation (its imported weeks build the check weeks): the list
// as the spec calls it, who may type which figure (server enforced), station scoping, and the two-file
// upload: both generated check files, the same again, and a wrongly named first file.
import assert from "node:assert/strict";
import { Client, startTestApp } from "../helpers/app.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";
import { makeDcr } from "../../lib/dev/amazon/quality.ts";
import type { CheckListDto, CheckWeekDetailDto } from "../../lib/checks/dto.ts";
import type { ScoreboardDto } from "../../lib/scoreboard/dto.ts";
import type { CoachingDraftDto, CoachingDraftsDto } from "../../lib/coaching/dto.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());

async function as(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}
const owner = await as("owner@example.com");
const dispatcher = await as("dispatcher@example.com");
const manager = await as("manager@example.com");

Deno.test("the list: one-based pages, the demo's weeks newest first, the Average row with a range", async () => {
  const all = await owner.json<CheckListDto>("/api/check-weekly/?station=1&page=1&page_size=10");
  assert.equal(all.status, 200, JSON.stringify(all.body));
  assert.ok(all.body.count >= 8, `the demo's 8 imported weeks, got ${all.body.count}`);
  assert.equal(all.body.average, null);
  const starts = all.body.results.map((r) => r.week_start);
  assert.deepEqual(starts, [...starts].sort().reverse());
  const second = await owner.json<CheckListDto>("/api/check-weekly/?station=1&page=2&page_size=10");
  assert.equal(second.body.results.length, Math.min(10, Math.max(0, all.body.count - 10)));
  const from = starts.at(-1)!;
  const ranged = await owner.json<CheckListDto>(`/api/check-weekly/?station=1&date_from=${from}`);
  assert.ok(ranged.body.average, "a range shows the Average row");
  const bad = await owner.json("/api/check-weekly/?page=0");
  assert.equal(bad.status, 400);
});

Deno.test("station scoping: a station not tagged DON9/HYZ1, or not the viewer's, is refused", async () => {
  const dto3 = await owner.json("/api/check-weekly/?station=3");
  assert.equal(dto3.status, 404);
  assert.equal(dto3.body.code, "check.station_not_offered");
  const list = await owner.json<CheckListDto>("/api/check-weekly/?station=1");
  const id = list.body.results[0].id;
  const other = await dispatcher.json<CheckListDto>("/api/check-weekly/");
  assert.equal(other.status, 200);
  const weekOfOther = await manager.json(`/api/check-weekly/${id}/`);
  assert.ok([200, 404].includes(weekOfOther.status));
  assert.equal((await owner.json("/api/check-weekly/999999/")).status, 404);
});

Deno.test("edits: management types week figures; role 1 types nothing; digits only", async () => {
  const list = await owner.json<CheckListDto>("/api/check-weekly/?station=1");
  const id = list.body.results[0].id;
  const week = await owner.json<CheckWeekDetailDto>(`/api/check-weekly/${id}/`);
  const day = week.body.daily_checks[2];

  const refused = await dispatcher.json(`/api/check-weekly/${id}/`, {
    method: "PATCH",
    json: { employee_satisfaction: 90 },
  });
  assert.equal(refused.status, 403);
  const dayRefused = await dispatcher.json(`/api/check-daily/${day.id}/`, {
    method: "PATCH",
    json: { dsb: 1 },
  });
  assert.equal(dayRefused.status, 403);

  const es = await owner.json<CheckWeekDetailDto>(`/api/check-weekly/${id}/`, {
    method: "PATCH",
    json: { employee_satisfaction: 91 },
  });
  assert.equal(es.status, 200, JSON.stringify(es.body));
  assert.equal(es.body.scores.employee_satisfaction, 91);
  const two = await owner.json(`/api/check-weekly/${id}/`, {
    method: "PATCH",
    json: { employee_satisfaction: 1, whc_da_off_target: 2 },
  });
  assert.equal(two.status, 400, "one field at a time");
  const neg = await owner.json(`/api/check-daily/${day.id}/`, { method: "PATCH", json: { violation: -1 } });
  assert.equal(neg.status, 400);
  const v = await owner.json(`/api/check-daily/${day.id}/`, { method: "PATCH", json: { violation: 2 } });
  assert.equal(v.status, 200, JSON.stringify(v.body));
  assert.equal(v.body.scores.violation, 2);
});

const form = (files: [string, { fileName: string; bytes: Uint8Array }][]) => {
  const f = new FormData();
  for (const [name, file] of files) {
    f.append(name, new Blob([file.bytes as BlobPart], { type: "text/csv" }), file.fileName);
  }
  return f;
};

Deno.test("upload: both generated check files, the same again, and a wrongly named first file", async () => {
  const das = makeDas(6, 12);
  const opts = { station: "DON9", year: 2025, week: 10, das, seed: 3, dsp: "DDCO" };
  const dnr = makeDnr(opts);
  const overview = makeOverview(opts);
  const post = (c: Client, files: [string, { fileName: string; bytes: Uint8Array }][]) =>
    c.json("/api/upload-check-csv/", { method: "POST", body: form(files) });

  const first = await post(owner, [["file1", dnr], ["file2", overview]]);
  assert.equal(first.status, 201, JSON.stringify(first.body));
  assert.equal(first.body.station.tag, "DON9");
  assert.equal(first.body.week, "2025-W10");
  const again = await post(owner, [["file1", dnr], ["file2", overview]]);
  assert.equal(again.status, 200);
  assert.deepEqual(again.body.files.map((f: { status: string }) => f.status), ["unchanged", "unchanged"]);
  const week = await owner.json<CheckWeekDetailDto>(`/api/check-weekly/${first.body.check_week_id}/`);
  assert.equal(week.body.week_number, 9);

  const wrong = await post(owner, [["file1", makeDcr(opts)], ["file2", overview]]);
  assert.equal(wrong.status, 400);
  assert.equal(wrong.body.code, "check.upload_unrouted");
  assert.match(wrong.body.detail, /fifth/);
  const missing = await post(owner, [["file1", dnr]]);
  assert.equal(missing.status, 400);
  const byDispatcher = await post(dispatcher, [["file1", dnr], ["file2", overview]]);
  assert.equal(byDispatcher.status, 403);
});

Deno.test("scoreboard: the newest week, sorted by points, searched, paged; other stations refused", async () => {
  const r = await owner.json<ScoreboardDto>("/api/scoreboard/?station=1");
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.ok(r.body.count > 0, "the demo's imported week");
  assert.equal(r.body.shows_dsb, true);
  const points = r.body.results.map((x) => x.points_total ?? -1);
  assert.deepEqual(points, [...points].sort((a, b) => b - a));
  const row = r.body.results[0];
  for (
    const k of ["ignore_sms", "driver", "old_points_total", "number_of_shifts", "raw_data", "text_message"]
  ) {
    assert.ok(k in row, k);
  }
  const asc = await owner.json<ScoreboardDto>("/api/scoreboard/?station=1&ordering=name&page_size=100");
  const names = asc.body.results.map((x) => `${x.driver.first_name} ${x.driver.last_name}`.toLowerCase());
  assert.deepEqual(names, [...names].sort());
  const one = await owner.json<ScoreboardDto>(
    `/api/scoreboard/?station=1&search=${row.driver.transporter_id}`,
  );
  assert.equal(one.body.count, 1);
  const earlier = await owner.json<ScoreboardDto>(
    `/api/scoreboard/?station=1&year=${r.body.year}&week=${r.body.week}&page=2&page_size=10`,
  );
  assert.equal(earlier.body.results.length, Math.min(10, Math.max(0, r.body.count - 10)));
  const foreign = await owner.json("/api/scoreboard/?station=999999");
  assert.equal(foreign.status, 404);
  const bad = await owner.json("/api/scoreboard/?ordering=password");
  assert.equal(bad.status, 400);
});

Deno.test("scoreboard: block saved at once; DA Notify for management only, skipping blocked DAs", async () => {
  const r = await owner.json<ScoreboardDto>("/api/scoreboard/?station=1&page_size=100");
  const row = r.body.results.find((x) => x.driver.id !== null)!;
  const blocked = await dispatcher.json("/api/scoreboard/block/", {
    method: "POST",
    json: { id: row.id, ignore_sms: true },
  });
  assert.equal(blocked.status, 200, JSON.stringify(blocked.body));
  const again = await owner.json<ScoreboardDto>(
    `/api/scoreboard/?station=1&search=${row.driver.transporter_id}`,
  );
  assert.equal(again.body.results[0].ignore_sms, true);

  const week = { station: 1, year: r.body.year, week: r.body.week };
  const refused = await dispatcher.json("/api/scoreboard/notify/", { method: "POST", json: week });
  assert.equal(refused.status, 403);
  const sent = await manager.json("/api/scoreboard/notify/", { method: "POST", json: week });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  assert.ok(sent.body.skipped_blocked >= 1);
  assert.equal(sent.body.sent + sent.body.skipped_blocked + sent.body.skipped_no_mobile, r.body.count);
  await owner.json("/api/scoreboard/block/", { method: "POST", json: { id: row.id, ignore_sms: false } });
});

Deno.test("actions: made from a week's off-target DAs, listed, edited; roles and stations", async () => {
  const list = await owner.json<CheckListDto>("/api/check-weekly/?station=1");
  // The demo made actions for the newest weeks; an older one has none yet.
  const week = await owner.json<CheckWeekDetailDto>(`/api/check-weekly/${list.body.results[5].id}/`);
  const measure = (["dsb", "dnr", "dcr", "pod"] as const).find((m) => week.body.names[m].length > 0)!;
  const made = await dispatcher.json("/api/actions/from-check/", {
    method: "POST",
    json: { check_week_id: week.body.id, measure },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.equal(made.body.created, week.body.names[measure].length);
  const again = await owner.json("/api/actions/from-check/", {
    method: "POST",
    json: { check_week_id: week.body.id, measure },
  });
  assert.equal(again.status, 200);
  assert.equal(again.body.created, 0);

  const rows = await dispatcher.json(`/api/actions/?station=1&off_target_area=${measure}&page_size=100`);
  assert.equal(rows.status, 200);
  assert.ok(rows.body.count >= made.body.created);
  const row = rows.body.results[0];
  const supers = await dispatcher.json("/api/super-users/");
  const ownerId = supers.body.results[0].id;
  const edited = await dispatcher.json(`/api/actions/${row.id}/`, {
    method: "PATCH",
    json: { status: 2, owner: ownerId, comments: "call on Monday" },
  });
  assert.equal(edited.status, 200, JSON.stringify(edited.body));
  assert.equal(edited.body.status, 2);
  const bad = await owner.json(`/api/actions/${row.id}/`, { method: "PATCH", json: { status: 9 } });
  assert.equal(bad.status, 400);
  const badOrder = await owner.json("/api/actions/?ordering=comments");
  assert.equal(badOrder.status, 400, "comments is not sortable");
  assert.equal((await owner.json("/api/actions/?station=3")).status, 404);
});

Deno.test("coaching drafts: management reviews, edits, skips and sends; role 1 is refused every call", async () => {
  const r = await owner.json<ScoreboardDto>("/api/scoreboard/?station=1");
  const q = `station=1&year=${r.body.year}&week=${r.body.week}`;
  assert.equal((await dispatcher.json(`/api/scoreboard/drafts/?${q}`)).status, 403);
  const list = await manager.json<CoachingDraftsDto>(`/api/scoreboard/drafts/?${q}`);
  assert.equal(list.status, 200, JSON.stringify(list.body));
  assert.ok(list.body.results.length >= 2, "the demo's newest week has drafts");
  const [a, b] = list.body.results;
  const week = { station: 1, year: r.body.year, week: r.body.week };

  // The DA register edits the message language (the DA's other fields' input, shared with the drawer).
  const da = list.body.results.find((d) => d.driver_id !== null)!;
  const es = await manager.json(`/api/driver-model/${da.driver_id}/`, {
    method: "PATCH",
    json: { language: "es" },
  });
  assert.equal(es.status, 200, JSON.stringify(es.body));
  assert.equal(es.body.language, "es");
  const fr = await manager.json(`/api/driver-model/${da.driver_id}/`, {
    method: "PATCH",
    json: { language: "fr" },
  });
  assert.equal(fr.status, 400);

  assert.equal(
    (await dispatcher.json(`/api/scoreboard/drafts/${a.id}/`, { method: "PATCH", json: { skipped: true } }))
      .status,
    403,
  );
  assert.equal(
    (await dispatcher.json("/api/scoreboard/drafts/send/", { method: "POST", json: week })).status,
    403,
  );
  assert.equal(
    (await owner.json(`/api/scoreboard/drafts/${a.id}/`, { method: "PATCH", json: {} })).status,
    400,
  );

  const edited = await manager.json<CoachingDraftDto>(`/api/scoreboard/drafts/${a.id}/`, {
    method: "PATCH",
    json: { body: "Hi, see you at the gate." },
  });
  assert.equal(edited.status, 200, JSON.stringify(edited.body));
  assert.equal(edited.body.status, "edited");
  const skipped = await manager.json(`/api/scoreboard/drafts/${b.id}/`, {
    method: "PATCH",
    json: { skipped: true },
  });
  assert.equal(skipped.body.status, "skipped");

  const sent = await manager.json("/api/scoreboard/drafts/send/", { method: "POST", json: week });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  const ready = list.body.results.filter((d) => d.id !== b.id && !d.cannot_send).length;
  assert.equal(sent.body.sent, ready);
  const late = await manager.json(`/api/scoreboard/drafts/${a.id}/`, {
    method: "PATCH",
    json: { body: "x" },
  });
  assert.equal(late.status, a.cannot_send ? 200 : 409);
  assert.equal((await owner.json(`/api/scoreboard/drafts/?station=999999&year=2026&week=1`)).status, 404);
  assert.equal(
    (await owner.json("/api/scoreboard/drafts/999999/", { method: "PATCH", json: { skipped: true } })).status,
    404,
  );
});
