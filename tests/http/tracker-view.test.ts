// The tracker grid's saved view through the real app (issue 14 part A): GET and PUT
// api/settings/tracker-view/ for the signed-in user only, refusals of unknown or frozen columns, and the
// tracker page rendered with the saved view (no flash: the set is pressed in the server's HTML).
import assert from "node:assert/strict";
import { Client, startTestApp } from "../helpers/app.ts";
import { day, makeReport } from "../integration/tracker-fixture.ts";
import { DEFAULT_VIEW } from "../../lib/shifts/tracker/calc-grid.ts";
import { COMMON } from "../../lib/errors.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());

async function signedIn(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

Deno.test("tracker view: saved per user, validated, and the page renders with it", async () => {
  const dispatcher = await signedIn("dispatcher@example.com");
  const supervisor = await signedIn("supervisor@example.com");
  const first = await dispatcher.json("/api/settings/tracker-view/");
  assert.equal(first.status, 200);
  assert.deepEqual(first.body, DEFAULT_VIEW, "nothing saved: the default view");

  const view = { set: "returns", order: ["uta", "route"], hidden: ["bc"], density: "compact" };
  const put = await dispatcher.json("/api/settings/tracker-view/", { method: "PUT", json: view });
  assert.equal(put.status, 200);
  assert.deepEqual(put.body.order.slice(0, 2), ["uta", "route"]);
  assert.equal(put.body.order.length, DEFAULT_VIEW.order.length, "every movable column keeps a place");
  assert.deepEqual((await dispatcher.json("/api/settings/tracker-view/")).body, put.body);
  assert.deepEqual((await supervisor.json("/api/settings/tracker-view/")).body, DEFAULT_VIEW, "per user");

  for (const bad of [{ ...view, order: ["created"] }, { ...view, hidden: ["nope"] }, { ...view, set: "x" }]) {
    const r = await dispatcher.json("/api/settings/tracker-view/", { method: "PUT", json: bad });
    assert.equal(r.status, 400, JSON.stringify(bad));
  }
  const anon = await fetch(`${app.url}/api/settings/tracker-view/`);
  assert.equal(anon.status, 401);
  assert.equal((await anon.json()).code, COMMON.unauthenticated);

  const report = await makeReport(app.db.db, { stationId: 2, reportDate: await day(app.db.db, 2), rows: 2 });
  const html = await (await dispatcher.fetch(`/das-reports/${report.id}`)).text();
  assert.match(
    html,
    /data-testid="set-returns"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*data-testid="set-returns"/,
  );
  assert.match(html, /data-density="compact"/);
  assert.doesNotMatch(html, /data-col="fleet_size"/, "the Returns set has no fleet size column");
});
