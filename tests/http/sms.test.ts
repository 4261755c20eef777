// Drivers answer by SMS (issue 10 point 3) through the real app: Twilio's signed form post (no session, no
// Origin) is accepted and applied, anything unsigned or wrongly signed is a coded, logged 403, and the
// outbox's simulated phone works for owners only while Twilio is off.
import assert from "node:assert/strict";
import process from "node:process";
import { eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { testPglite } from "../helpers/db.ts";
import { shiftRecords, users } from "../../lib/db/schema.ts";
import { dasFreeFrom, day, makeReport, record } from "../integration/tracker-fixture.ts";
import { twilioSignature } from "../../lib/outbox/twilio-signature.ts";
import { SMS } from "../../lib/outbox/errors.ts";
import { setLogSink } from "../../lib/log/logger.ts";

const TOKEN = "test-auth-token";
const PUBLIC = "https://backoffice.example.com";
const PATH = "/api/sms/inbound/";

Deno.test({
  name: "pglite: the SMS webhook and the simulated phone",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const app = await startTestApp({ db: await testPglite({ demo: true }) });
    const db = app.db.db;
    const env = (vars: Record<string, string | undefined>) => {
      for (const [k, v] of Object.entries(vars)) {
        v === undefined ? delete process.env[k] : (process.env[k] = v);
      }
    };
    const logs: string[] = [];
    const restoreLog = setLogSink((line) => logs.push(line), { level: "warn" });
    try {
      const das = await dasFreeFrom(db, 1, await day(db, 0));
      const phones = ["+14155550100", "+14155550111"];
      for (const [i, p] of phones.entries()) {
        await db.update(users).set({ mobileNumber: p }).where(eq(users.id, das[i]));
      }
      const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 1), rows: 2 });
      for (const [i, id] of rep.recordIds.entries()) {
        await db.update(shiftRecords).set({ driverId: das[i] }).where(eq(shiftRecords.id, id));
      }
      const fields = (body: string, sid: string): [string, string][] => [
        ["MessageSid", sid],
        ["AccountSid", "AC123"],
        ["From", phones[0]],
        ["To", "+15005550006"],
        ["Body", body],
        ["NumMedia", "0"],
      ];
      // Twilio posts form bodies with no Origin, no cookie, no bearer token.
      const post = (params: [string, string][], signature?: string) =>
        fetch(app.url + PATH, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            ...(signature ? { "x-twilio-signature": signature } : {}),
          },
          body: new URLSearchParams(params).toString(),
        });
      env({ TWILIO_AUTH_TOKEN: TOKEN, PUBLIC_URL: PUBLIC });

      await t.step("unsigned and wrongly signed posts are refused (403, coded) and logged", async () => {
        const params = fields("YES", "SM-bad");
        const cases: [string | undefined, string][] = [
          [undefined, SMS.unsigned],
          ["AAAAAAAAAAAAAAAAAAAAAAAAAAA=", SMS.badSignature],
          [await twilioSignature("another-token", PUBLIC + PATH, params), SMS.badSignature],
          // Signed for the address the request came to (its Host), not the configured PUBLIC_URL.
          [await twilioSignature(TOKEN, app.url + PATH, params), SMS.badSignature],
        ];
        for (const [sig, code] of cases) {
          const res = await post(params, sig);
          assert.equal(res.status, 403);
          assert.equal((await res.json()).code, code);
        }
        assert.equal((await record(db, rep.recordIds[0])).daStatus, 0, "nothing applied");
        const refused = logs.filter((l) => l.includes("sms webhook refused"));
        assert.equal(refused.length, 4);
        assert.match(refused[0], new RegExp(SMS.unsigned));
      });

      await t.step(
        "a signed post without Origin is accepted, answered with empty TwiML and applied",
        async () => {
          const params = fields("Yes, I'll be there", "SM-good");
          const res = await post(params, await twilioSignature(TOKEN, PUBLIC + PATH, params));
          assert.equal(res.status, 200);
          assert.match(res.headers.get("content-type") ?? "", /^text\/xml/);
          assert.match(await res.text(), /<Response\/>$/);
          const row = await record(db, rep.recordIds[0]);
          assert.equal(row.daStatus, 1);
          assert.equal(row.statusAssignedBySms, true);
        },
      );

      await t.step(
        "a signed post with a NUL in its text is a 400 naming the field, nothing stored",
        async () => {
          const params = fields("YES\u0000", "SM-nul");
          const res = await post(params, await twilioSignature(TOKEN, PUBLIC + PATH, params));
          assert.equal(res.status, 400);
          assert.ok("Body" in (await res.json()), "the field is named");
        },
      );

      await t.step("without TWILIO_AUTH_TOKEN no post can be verified: refused", async () => {
        env({ TWILIO_AUTH_TOKEN: undefined });
        const params = fields("YES", "SM-off");
        const res = await post(params, await twilioSignature(TOKEN, PUBLIC + PATH, params));
        assert.equal(res.status, 403);
        assert.equal((await res.json()).code, SMS.webhookOff);
      });
      env({ PUBLIC_URL: undefined });

      const owner = new Client(app.url);
      await owner.login("owner@example.com");
      const notified = await owner.json("/api/send-message-for-drivers/", {
        method: "POST",
        json: { da_tracker_id: rep.id },
      });
      assert.equal(notified.status, 200, JSON.stringify(notified.body));
      const sent = await owner.json(`/api/outbox/?da=${das[1]}&direction=out`);
      assert.equal(sent.body.count, 1);
      const toSecond = sent.body.results[0];
      assert.equal(toSecond.recipient, phones[1]);
      // Notify's link to its messages (/outbox?batch=...) is a filter of the same log.
      const batch = await owner.json(`/api/outbox/?batch=${notified.body.batch}`);
      assert.equal(batch.body.count, 2);
      assert.ok(batch.body.results.every((m: { batch: string }) => m.batch === notified.body.batch));

      await t.step("the simulated phone answers an SMS as its DA would (owners, no Twilio)", async () => {
        const dispatcher = new Client(app.url);
        await dispatcher.login("dispatcher@example.com");
        const body = { message: toSecond.id, body: "no, sorry" };
        const refused = await dispatcher.json("/api/sms/simulate/", { method: "POST", json: body });
        assert.equal(refused.status, 403);
        const r = await owner.json("/api/sms/simulate/", { method: "POST", json: body });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(r.body.outcome, "applied");
        assert.match(r.body.outcome_text, /^set Rejected for .* row #2$/);
        assert.equal((await record(db, rep.recordIds[1])).daStatus, 2);
        const missing = await owner.json("/api/sms/simulate/", {
          method: "POST",
          json: { message: 999999, body: "yes" },
        });
        assert.equal(missing.status, 404);
        assert.equal(missing.body.code, SMS.notAnSms);
      });

      await t.step("with Twilio configured the simulated phone is off", async () => {
        env({ TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: "+15005550006" });
        try {
          const r = await owner.json("/api/sms/simulate/", {
            method: "POST",
            json: { message: toSecond.id, body: "yes" },
          });
          assert.equal(r.status, 403);
          assert.equal(r.body.code, SMS.simulateOff);
        } finally {
          env({ TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: undefined, TWILIO_FROM: undefined });
        }
      });

      await t.step("the log lists one DA's messages both ways, replies with what they did", async () => {
        const log = await owner.json(`/api/outbox/?da=${das[1]}`);
        assert.deepEqual(log.body.results.map((m: { direction: string }) => m.direction), ["in", "out"]);
        assert.match(log.body.results[0].outcome, /^set Rejected/);
        assert.equal(log.body.results[0].sender, phones[1]);
        const page = await owner.fetch(`/outbox?da=${das[1]}`);
        const html = await page.text();
        assert.match(html, /set Rejected for/);
        assert.match(html, /no, sorry/);
      });
    } finally {
      restoreLog();
      env({ TWILIO_AUTH_TOKEN: undefined, PUBLIC_URL: undefined });
      await app.close();
    }
  },
});
