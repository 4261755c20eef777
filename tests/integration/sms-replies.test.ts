// Drivers answer by SMS (issue 10 point 3), on PGlite: a yes or a no sets the sender's next pending row
// through the tracker's write path (the change feed sees it); anything else is stored and shown.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { testPglite } from "../helpers/db.ts";
import { outbox, shiftRecords, users } from "../../lib/db/schema.ts";
import { handleSmsReply } from "../../lib/shifts/tracker/sms-reply.ts";
import { changesSince } from "../../lib/shifts/tracker/queries.ts";
import { listOutbox } from "../../lib/outbox/queries.ts";
import { dasFreeFrom, day, makeReport, record, userId } from "./tracker-fixture.ts";

Deno.test({
  name: "pglite: SMS replies set statuses, and everything else is kept",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const h = await testPglite({ demo: true });
    const db = h.db;
    try {
      const viewer = {
        id: await userId(db, "dispatcher@example.com"),
        role: 1 as const,
        stationIds: [1, 2],
        can_create_old_shifts: false,
      };
      const das = await dasFreeFrom(db, 1, await day(db, 0));
      // Stored as typed before numbers were validated: national, with a stray trunk 0, E.164.
      const phones = ["(415) 555-0100", "(0) 415 555 0111", "+14155550122"];
      for (const [i, phone] of phones.entries()) {
        await db.update(users).set({ mobileNumber: phone }).where(eq(users.id, das[i]));
      }
      // Yesterday's pending row of the first DA is no longer answerable: the reply is for tomorrow's.
      const past = await makeReport(db, { stationId: 1, reportDate: await day(db, -1), rows: 1 });
      await db.update(shiftRecords).set({ driverId: das[0] }).where(eq(shiftRecords.id, past.recordIds[0]));
      const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 1), rows: 3 });
      for (const [i, id] of rep.recordIds.entries()) {
        await db.update(shiftRecords).set({ driverId: das[i], updatedAt: sql`now() - interval '1 hour'` })
          .where(eq(shiftRecords.id, id));
      }
      const [{ now: cursor }] = await db.select({ now: sql<string>`now()` }).from(sql`(select 1) one`);
      const sms = (from: string, body: string, messageSid?: string) =>
        handleSmsReply(db, { from, to: "+15005550006", body, messageSid });

      await t.step("a yes from a number stored in another form confirms the next pending row", async () => {
        const before = await record(db, rep.recordIds[0]);
        const r = await sms("+14155550100", "yes I'll be there", "SM1");
        assert.equal(r.daId, das[0]);
        assert.deepEqual(r.outcome, {
          outcome: "applied",
          status: 1,
          record_id: rep.recordIds[0],
          report_id: rep.id,
          report_date: await day(db, 1),
          row: 1,
        });
        const after = await record(db, rep.recordIds[0]);
        assert.equal(after.daStatus, 1);
        assert.equal(after.statusAssignedBySms, true);
        assert.equal(after.version, before.version + 1, "a new version, as every tracker write");
        assert.equal(after.fieldVersions.da_status, after.version);
        assert.equal(after.updatedById, das[0], "the driver made the change");
        assert.equal((await record(db, past.recordIds[0])).daStatus, 0, "yesterday's row untouched");
      });

      await t.step("open trackers see the change through the change feed", async () => {
        const feed = await changesSince(db, viewer, rep.id, new Date(cursor));
        assert.deepEqual(feed.records.map((r) => r.id), [rep.recordIds[0]]);
        assert.equal(feed.records[0].da_status, 1);
        assert.equal(feed.records[0].status_assigned_by_sms, true);
      });

      await t.step("a no (matched on the number's tail) rejects the row", async () => {
        const r = await sms("+14155550111", "NO sorry");
        assert.equal(r.outcome.outcome, "applied");
        const row = await record(db, rep.recordIds[1]);
        assert.equal(row.daStatus, 2);
        assert.equal(row.role, 10, "status 2 picks the rejected role, as on the tracker");
        assert.equal(row.statusAssignedBySms, true);
      });

      await t.step("anything else is stored, not applied", async () => {
        const r = await sms("+14155550122", "what time is the wave?");
        assert.equal(r.outcome.outcome, "not_understood");
        assert.equal((await record(db, rep.recordIds[2])).daStatus, 0);
        const [m] = await db.select().from(outbox).where(eq(outbox.id, r.messageId!));
        assert.equal(m.direction, "in");
        assert.equal(m.status, "received");
        assert.equal(m.daId, das[2]);
        assert.equal(m.body, "what time is the wave?");
      });

      await t.step("no pending row, unknown sender: stored and said so", async () => {
        assert.equal((await sms("+14155550100", "YES")).outcome.outcome, "no_pending_row");
        const stranger = await sms("+19995550199", "yes");
        assert.equal(stranger.outcome.outcome, "unknown_sender");
        assert.equal(stranger.daId, null);
      });

      await t.step("Twilio's retry of the same message is applied and stored once", async () => {
        const before = await db.$count(outbox);
        const again = await sms("+14155550100", "yes I'll be there", "SM1");
        assert.equal(again.outcome.outcome, "duplicate");
        assert.equal(await db.$count(outbox), before);
      });

      await t.step("the log shows each DA's replies with what they did", async () => {
        const log = await listOutbox(db, 1, 50, { da: das[0], direction: "in" });
        assert.deepEqual(log.results.map((m) => m.outcome), [
          "no pending row",
          `set Confirmed for ${(await day(db, 1)).split("-").reverse().join("-")} row #1`,
        ]);
        assert.equal(log.results[0].sender, "+14155550100");
        assert.equal(log.results[0].da?.id, das[0]);
        const all = await listOutbox(db, 1, 50, { direction: "in" });
        assert.equal(all.count, 5);
      });
    } finally {
      await h.close();
    }
  },
});
