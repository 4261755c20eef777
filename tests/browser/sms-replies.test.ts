// Drivers answer by SMS (issue 10 point 3), the demo loop: drivers are notified, the owner opens the
// outbox and answers an SMS from the simulated phone with "YES", and the row turns Confirmed in a tracker
// open elsewhere, without a reload.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { browserTest, goto, NARROW, newPage, shot, signIn } from "../helpers/browser.ts";
import { dasFreeFrom, day, makeReport, record } from "../integration/tracker-fixture.ts";
import { shiftRecords, users } from "../../lib/db/schema.ts";
import { ROW, trackerReady } from "./tracker-steps.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

browserTest("notify, reply YES from the simulated phone, the open tracker shows Confirmed", async () => {
  const [da] = await dasFreeFrom(db, 1, await day(db, 0));
  await db.update(users).set({ mobileNumber: "+1 415 555 0100" }).where(eq(users.id, da));
  const report = await makeReport(db, { stationId: 1, reportDate: await day(db, 1), rows: 2 });
  const [r1] = report.recordIds;
  await db.update(shiftRecords).set({ driverId: da, route: "CX12", waveTime: "Wave 1" })
    .where(eq(shiftRecords.id, r1));

  // A dispatcher has the tracker open.
  const tracker = await newPage(app);
  await signIn(tracker, "dispatcher@example.com");
  await goto(tracker, `/das-reports/${report.id}`);
  await trackerReady(tracker);
  // The grid shows a status as text in its cell (the editor opens only on the active cell).
  const status = `${ROW}[data-record-id="${r1}"] td[data-col="da_status"]`;
  assert.notEqual((await tracker.locator(status).innerText()).trim(), "Confirmed");

  // Drivers are notified (the API the Notify button calls).
  const owner = new Client(app.url);
  await owner.login("owner@example.com");
  const sent = await owner.json("/api/send-message-for-drivers/", {
    method: "POST",
    json: { da_tracker_id: report.id },
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));

  // The owner answers the SMS from the outbox's simulated phone.
  const outbox = await newPage(app, { width: 1280, height: 900 });
  await signIn(outbox, "owner@example.com");
  await goto(outbox, `/outbox?da=${da}`);
  const sms = outbox.locator('[data-testid=outbox-row][data-direction="out"]').first();
  await sms.getByTestId("simulate-reply").click();
  await sms.getByTestId("simulate-body").fill("YES");
  await shot(outbox, "sms-simulate-form-1280", { fullPage: false });
  await sms.getByRole("button", { name: "Send" }).click();
  await sms.getByRole("status").filter({ hasText: /Reply received: set Confirmed for .* row #1/ }).waitFor();

  // The reply is in the log with what it did (the page reloads itself).
  const reply = outbox.locator('[data-testid=outbox-row][data-direction="in"]').first();
  await reply.waitFor({ timeout: 8_000 });
  assert.match(await reply.getByTestId("outbox-outcome").innerText(), /^set Confirmed for .* row #1$/);
  assert.equal(await reply.getByTestId("outbox-body").innerText(), "YES");
  assert.equal((await record(db, r1)).statusAssignedBySms, true);

  // The tracker shows it without a reload (its change feed).
  await tracker.waitForFunction(
    (s) => (document.querySelector(s) as HTMLElement | null)?.innerText.trim() === "Confirmed",
    status,
    { timeout: 8_000, polling: 100 },
  );
  await shot(outbox, "sms-outbox-log-1280", { fullPage: false });
  await outbox.setViewportSize(NARROW);
  await shot(outbox, "sms-outbox-log-700", { fullPage: false });
});
