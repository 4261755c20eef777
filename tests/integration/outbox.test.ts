// The outbox on both engines: kept without a transport, sent once, retried; an interrupted send is tried
// again with its idempotency key (at least once), after asking the provider whether it went out.
import assert from "node:assert/strict";
import { eq, inArray, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import { enqueue, type OutgoingMessage } from "../../lib/outbox/mutations.ts";
import {
  deliverPending,
  MAX_ATTEMPTS,
  STALE_SENDING_MINUTES,
  type Transport,
} from "../../lib/outbox/sender.ts";
import { outbox } from "../../lib/outbox/schema.ts";
import { listOutbox } from "../../lib/outbox/queries.ts";
import type { Db } from "../../lib/db/client.ts";

/** A transport that records what it was asked to send, optionally failing. */
function recorder(fail: (n: number) => boolean = () => false) {
  const sent: { recipient: string; subject: string; body: string; idempotencyKey: string }[] = [];
  let calls = 0;
  const transport: Transport = {
    send(m) {
      calls++;
      if (fail(calls)) return Promise.reject(new Error(`provider down (call ${calls})`));
      sent.push(m);
      return Promise.resolve();
    },
  };
  return { transport, sent, calls: () => calls };
}

const mail = (recipient: string, extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  channel: "email",
  recipient,
  subject: `Subject for ${recipient}`,
  body: `Body for ${recipient}`,
  kind: "test",
  ...extra,
});

async function rows(db: Db, ids: number[]) {
  return await db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
}

/** Leaves nothing pending from an earlier step, so each step counts only its own rows. */
async function settle(db: Db) {
  await db.update(outbox).set({ status: "kept" }).where(inArray(outbox.status, ["pending", "sending"]));
}

for (const engine of ENGINES) {
  Deno.test(`outbox delivery [${engine.name}]`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      await t.step(
        "enqueue writes rows inside the caller's transaction: a rollback leaves none",
        async () => {
          const before = await db.$count(outbox);
          await assert.rejects(db.transaction(async (tx) => {
            await enqueue(tx, [mail("rolled.back@example.com")]);
            throw new Error("the causing change failed");
          }));
          assert.equal(await db.$count(outbox), before);
          assert.deepEqual(await enqueue(db, []), []);
        },
      );

      await t.step("without a transport a message is kept, readable in the outbox", async () => {
        await settle(db);
        const ids = await enqueue(db, [mail("kept@example.com"), {
          ...mail("+15550100"),
          channel: "sms",
          subject: undefined,
        }]);
        assert.equal(ids.length, 2);
        const tally = await deliverPending(db, {});
        assert.deepEqual(tally, { sent: 0, kept: 2, failed: 0 });
        const [a, b] = await rows(db, ids);
        assert.equal(a.status, "kept");
        assert.equal(b.status, "kept");
        assert.equal(b.subject, "");
        assert.equal(a.attempts, 1);
        assert.deepEqual(await deliverPending(db, {}), { sent: 0, kept: 0, failed: 0 }, "nothing twice");
        const page = await listOutbox(db, 1, 100);
        const dto = page.results.find((r) => r.id === a.id)!;
        assert.equal(dto.recipient, "kept@example.com");
        assert.equal(dto.status, "kept");
        assert.equal(dto.sent, null);
      });

      await t.step("a transport sends each message once and the row records it", async () => {
        await settle(db);
        const email = recorder();
        const ids = await enqueue(db, [mail("one@example.com"), mail("two@example.com"), {
          ...mail("+15550101"),
          channel: "sms",
        }]);
        const tally = await deliverPending(db, { email: email.transport });
        assert.deepEqual(tally, { sent: 2, kept: 1, failed: 0 }, "no SMS transport: the SMS is kept");
        assert.deepEqual(email.sent.map(({ idempotencyKey: _, ...m }) => m), [
          {
            recipient: "one@example.com",
            subject: "Subject for one@example.com",
            body: "Body for one@example.com",
          },
          {
            recipient: "two@example.com",
            subject: "Subject for two@example.com",
            body: "Body for two@example.com",
          },
        ]);
        const [one, two, sms] = await rows(db, ids);
        for (const r of [one, two]) {
          assert.equal(r.status, "sent");
          assert.ok(r.sentAt);
          assert.equal(r.attempts, 1);
          assert.equal(r.lastError, null);
        }
        assert.equal(sms.status, "kept");
        await deliverPending(db, { email: email.transport });
        assert.equal(email.calls(), 2, "a second pass sends nothing again");
      });

      await t.step("a failing transport is retried, then the row fails after MAX_ATTEMPTS", async () => {
        await settle(db);
        const flaky = recorder(() => true);
        const [id] = await enqueue(db, [mail("flaky@example.com")]);
        for (let pass = 1; pass <= MAX_ATTEMPTS; pass++) {
          const tally = await deliverPending(db, { email: flaky.transport });
          assert.equal(tally.failed, 1, `pass ${pass}`);
          const [row] = await rows(db, [id]);
          assert.equal(row.attempts, pass);
          assert.match(row.lastError ?? "", /provider down/);
          assert.equal(row.status, pass < MAX_ATTEMPTS ? "pending" : "failed", `pass ${pass}`);
        }
        await deliverPending(db, { email: flaky.transport });
        assert.equal(flaky.calls(), MAX_ATTEMPTS, "a failed row is not tried again");
      });

      await t.step("a transport that recovers delivers on the retry", async () => {
        await settle(db);
        const recovering = recorder((n) => n === 1);
        const [id] = await enqueue(db, [mail("recovers@example.com")]);
        assert.equal((await deliverPending(db, { email: recovering.transport })).failed, 1);
        assert.equal((await deliverPending(db, { email: recovering.transport })).sent, 1);
        const [row] = await rows(db, [id]);
        assert.equal(row.status, "sent");
        assert.equal(row.attempts, 2);
        assert.equal(row.lastError, null);
      });

      await t.step(
        "a row stuck in 'sending' past STALE_SENDING_MINUTES is tried again with the same key (at least once)",
        async () => {
          await settle(db);
          const keys: string[] = [];
          const t1: Transport = {
            send(m) {
              keys.push(m.idempotencyKey);
              return Promise.resolve({ providerRef: `ref-${m.recipient}` });
            },
          };
          const [stale, recent] = await enqueue(db, [mail("stale@example.com"), mail("recent@example.com")]);
          const [before] = await rows(db, [stale]);
          await db.update(outbox).set({
            status: "sending",
            attempts: 1,
            claimedAt: sql`now() - make_interval(mins => ${STALE_SENDING_MINUTES + 1})`,
          }).where(eq(outbox.id, stale));
          await db.update(outbox).set({
            status: "sending",
            attempts: 1,
            claimedAt: sql`now() - interval '1 minute'`,
          })
            .where(eq(outbox.id, recent));
          const tally = await deliverPending(db, { email: t1 });
          assert.deepEqual(tally, { sent: 1, kept: 0, failed: 0 });
          assert.deepEqual(keys, [before.idempotencyKey], "sent again, with the key it always had");
          const [s, r] = await rows(db, [stale, recent]);
          assert.equal(s.status, "sent");
          assert.equal(s.attempts, 2);
          assert.equal(s.providerRef, "ref-stale@example.com");
          assert.equal(r.status, "sending", "a recent claim may still be in flight: left alone");
          const shown = (await listOutbox(db, 1, 50)).results.find((m) => m.id === stale);
          assert.equal(shown?.provider_ref, "ref-stale@example.com", "the log shows the provider's id");
        },
      );

      await t.step(
        "an interrupted row the provider already delivered is looked up, not sent twice",
        async () => {
          await settle(db);
          let sends = 0;
          const lookups: string[] = [];
          const t2: Transport = {
            send() {
              sends++;
              return Promise.resolve({ providerRef: "second" });
            },
            lookup(m) {
              lookups.push(m.idempotencyKey);
              return Promise.resolve("first-attempt-ref");
            },
          };
          const [id] = await enqueue(db, [mail("went.out@example.com")]);
          await db.update(outbox).set({
            status: "sending",
            attempts: 1,
            claimedAt: sql`now() - make_interval(mins => ${STALE_SENDING_MINUTES + 1})`,
          }).where(eq(outbox.id, id));
          assert.equal((await deliverPending(db, { email: t2 })).sent, 1);
          assert.equal(sends, 0, "the provider had it: not sent again");
          const [row] = await rows(db, [id]);
          assert.equal(lookups.length, 1);
          assert.equal(row.status, "sent");
          assert.equal(row.providerRef, "first-attempt-ref");
          // A message interrupted on its last attempt is given up (failed), for a person to look at.
          const [last] = await enqueue(db, [mail("last.try@example.com")]);
          await db.update(outbox).set({
            status: "sending",
            attempts: MAX_ATTEMPTS,
            claimedAt: sql`now() - make_interval(mins => ${STALE_SENDING_MINUTES + 1})`,
          }).where(eq(outbox.id, last));
          await deliverPending(db, { email: t2 });
          assert.equal((await rows(db, [last]))[0].status, "failed");
        },
      );

      await t.step("every message has its own idempotency key", async () => {
        const ids = await enqueue(db, [mail("k1@example.com"), mail("k2@example.com")]);
        const [a, b] = await rows(db, ids);
        assert.match(a.idempotencyKey, /^[0-9a-f-]{36}$/);
        assert.notEqual(a.idempotencyKey, b.idempotencyKey);
      });

      await t.step("batches: one pass takes at most `batch` rows, oldest first", async () => {
        await settle(db);
        const r = recorder();
        const ids = await enqueue(db, Array.from({ length: 5 }, (_, i) => mail(`batch.${i}@example.com`)));
        assert.equal((await deliverPending(db, { email: r.transport }, 3)).sent, 3);
        assert.deepEqual(r.sent.map((m) => m.recipient), [
          "batch.0@example.com",
          "batch.1@example.com",
          "batch.2@example.com",
        ]);
        assert.equal((await deliverPending(db, { email: r.transport }, 3)).sent, 2);
        assert.ok((await rows(db, ids)).every((x) => x.status === "sent"));
      });

      await t.step("two workers at once never send a message twice", async () => {
        await settle(db);
        const r = recorder();
        const slow: Transport = {
          async send(m) {
            await new Promise((ok) => setTimeout(ok, 5));
            await r.transport.send(m);
          },
        };
        const ids = await enqueue(db, Array.from({ length: 12 }, (_, i) => mail(`race.${i}@example.com`)));
        const [a, b] = await Promise.all([
          deliverPending(db, { email: slow }, 8),
          deliverPending(db, { email: slow }, 8),
        ]);
        const third = await deliverPending(db, { email: slow }, 8);
        assert.equal(a.sent + b.sent + third.sent, 12);
        assert.equal(r.sent.length, 12);
        assert.equal(new Set(r.sent.map((m) => m.recipient)).size, 12, "each recipient exactly once");
        assert.ok((await rows(db, ids)).every((x) => x.status === "sent" && x.attempts === 1));
      });
    } finally {
      await h.close();
    }
  });
}
