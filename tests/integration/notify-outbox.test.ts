// Notify through the outbox (issue 4 item 5), on PGlite and PostgreSQL: the messages and the 'published'
// marks are one transaction; delivery through Twilio (a local fake) after a crash loses nothing and sends
// nothing twice.
import assert from "node:assert/strict";
import { eq, inArray, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import { outbox, shiftRecords, users } from "../../lib/db/schema.ts";
import { notifyDrivers } from "../../lib/shifts/notify.ts";
import { deliverPending, type Transport } from "../../lib/outbox/sender.ts";
import { twilioTransport } from "../../lib/outbox/twilio.ts";
import { activeDas, day, makeReport, userId } from "./tracker-fixture.ts";
import type { Db } from "../../lib/db/client.ts";

async function messagesOf(db: Db, reportId: number) {
  return (await db.select().from(outbox).orderBy(outbox.id)).filter((m) =>
    (m.meta as { report_id?: number }).report_id === reportId
  );
}

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: notify writes the outbox atomically and delivery survives a crash`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const h = await engine.open({ demo: true });
      const db = h.db;
      try {
        const viewer = {
          id: await userId(db, "dispatcher@example.com"),
          role: 1 as const,
          stationIds: [1, 2],
          can_create_old_shifts: false,
        };
        const das = await activeDas(db, 1);
        const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 1), rows: 3 });
        for (const [i, id] of rep.recordIds.entries()) {
          await db.update(shiftRecords).set({ driverId: das[i], route: `CX${i}`, waveTime: "Wave 1" }).where(
            eq(shiftRecords.id, id),
          );
        }
        const [victim] = await db.select({ mobile: users.mobileNumber }).from(users).where(
          eq(users.id, das[2]),
        );

        await t.step(
          "a failure while writing the outbox publishes nothing and keeps no message",
          async () => {
            await db.execute(sql.raw(`
            create function refuse_victim() returns trigger language plpgsql as $$
            begin
              if new.recipient = '${victim.mobile}' then raise exception 'outbox write failed'; end if;
              return new;
            end $$`));
            await db.execute(
              sql.raw(
                "create trigger refuse_victim before insert on outbox for each row execute function refuse_victim()",
              ),
            );
            try {
              await assert.rejects(
                () => notifyDrivers(db, viewer, rep.id),
                (e: Error) =>
                  /outbox write failed/.test(`${e?.message} ${(e?.cause as Error | undefined)?.message}`),
              );
            } finally {
              await db.execute(sql.raw("drop trigger refuse_victim on outbox"));
              await db.execute(sql.raw("drop function refuse_victim()"));
            }
            assert.equal((await messagesOf(db, rep.id)).length, 0);
            const rows = await db.select().from(shiftRecords).where(inArray(shiftRecords.id, rep.recordIds));
            assert.ok(rows.every((r) => !r.isStatusPublished && r.version === 1));
          },
        );

        await t.step(
          "notify: one SMS per unpublished status, published in the same transaction",
          async () => {
            const { batch, outbox_url, ...r } = await notifyDrivers(db, viewer, rep.id);
            assert.deepEqual(r, {
              sent: 3,
              skipped_blocked: 0,
              skipped_no_mobile: 0,
              skipped_invalid_mobile: 0,
              detail: "Message to drivers has been send!",
            });
            assert.match(batch ?? "", /^[0-9a-f]{8}$/);
            assert.equal(outbox_url, `/outbox?batch=${batch}`);
            const msgs = await messagesOf(db, rep.id);
            assert.deepEqual(
              msgs.map((m) => [m.kind, m.status, m.channel]),
              msgs.map(() => ["shift_attendance", "pending", "sms"]),
            );
            const rows = await db.select().from(shiftRecords).where(inArray(shiftRecords.id, rep.recordIds));
            assert.ok(
              rows.every((r) =>
                r.isStatusPublished && r.version === 2 && r.fieldVersions.is_status_published === 2
              ),
            );
            assert.equal((await notifyDrivers(db, viewer, rep.id)).sent, 0, "nothing twice");
          },
        );

        await t.step(
          "a crash between claim and mark: nothing lost, and the retry finds the first attempt at the provider",
          async () => {
            const sends = new Map<string, number>();
            const count = (m: { recipient: string }) =>
              sends.set(m.recipient, (sends.get(m.recipient) ?? 0) + 1);
            /** What the provider holds: what it was handed, whoever handed it. */
            const delivered: { to: string; body: string; sid: string }[] = [];
            // The process dies after handing the first message to the provider, before marking it sent.
            let handedOver!: () => void;
            const handed = new Promise<void>((r) => (handedOver = r));
            const dying: Transport = {
              send(m) {
                count(m);
                delivered.push({ to: m.recipient, body: m.body, sid: "SMfirst" });
                handedOver();
                return new Promise(() => {});
              },
            };
            void deliverPending(db, { sms: dying }, 1);
            await Promise.race([
              handed,
              new Promise((_, no) => setTimeout(() => no(new Error("nothing was claimed")), 10_000)),
            ]);
            const [claimed] = (await messagesOf(db, rep.id)).filter((m) => m.status === "sending");
            assert.ok(claimed, "claimed before sending");

            // Restart with a working provider: the interrupted row is left alone while it may still be in flight.
            const fake = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
              if (req.method === "GET") {
                const to = new URL(req.url).searchParams.get("To");
                return Response.json({
                  messages: delivered.filter((d) => d.to === to).map((d) => ({ ...d, status: "delivered" })),
                });
              }
              const form = new URLSearchParams(await req.text());
              count({ recipient: form.get("To")! });
              const sid = "SM" + crypto.randomUUID();
              delivered.push({ to: form.get("To")!, body: form.get("Body")!, sid });
              return Response.json({ sid }, { status: 201 });
            });
            try {
              const sms = twilioTransport({
                accountSid: "AC1",
                authToken: "t",
                from: "+15005550006",
                apiBase: `http://127.0.0.1:${fake.addr.port}`,
              });
              await deliverPending(db, { sms });
              let msgs = await messagesOf(db, rep.id);
              assert.deepEqual(msgs.map((m) => m.status).sort(), ["sending", "sent", "sent"]);
              // Five minutes later the interrupted row is tried again: the provider already has it (looked
              // up by recipient and text), so it is marked sent with the first attempt's SID, not sent twice.
              await db.update(outbox).set({ claimedAt: sql`now() - interval '6 minutes'` }).where(
                eq(outbox.id, claimed.id),
              );
              await deliverPending(db, { sms });
              msgs = await messagesOf(db, rep.id);
              assert.equal(msgs.length, 3, "nothing lost");
              const retried = msgs.find((m) => m.id === claimed.id)!;
              assert.equal(retried.status, "sent");
              assert.equal(retried.providerRef, "SMfirst");
              assert.ok(msgs.every((m) => m.providerRef?.startsWith("SM")), "every SID kept");
              assert.ok(
                [...sends.values()].every((n) => n === 1),
                `each message sent once: ${JSON.stringify([...sends])}`,
              );
              assert.equal(sends.size, 3);
            } finally {
              await fake.shutdown();
            }
          },
        );

        await t.step(
          "a provider error before sending: the row returns to pending and goes out once later",
          async () => {
            const next = await makeReport(db, { stationId: 1, reportDate: await day(db, 2), rows: 1 });
            await db.update(shiftRecords).set({ driverId: das[5] }).where(
              eq(shiftRecords.id, next.recordIds[0]),
            );
            await notifyDrivers(db, viewer, next.id);
            let calls = 0;
            const flaky: Transport = {
              send() {
                calls++;
                return Promise.reject(new Error("Twilio answered 503: busy"));
              },
            };
            await deliverPending(db, { sms: flaky });
            let [m] = await messagesOf(db, next.id);
            assert.deepEqual([m.status, m.attempts, m.lastError], [
              "pending",
              1,
              "Twilio answered 503: busy",
            ]);
            const delivered: string[] = [];
            await deliverPending(db, { sms: { send: (x) => Promise.resolve(void delivered.push(x.body)) } });
            [m] = await messagesOf(db, next.id);
            assert.equal(m.status, "sent");
            assert.equal(delivered.length, 1);
            assert.equal(calls, 1);
          },
        );
      } finally {
        await h.close();
      }
    },
  });
}
