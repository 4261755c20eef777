// Coaching drafts end to end on both engines: drafted by the import, edited and skipped, sent through the
// outbox (blocked DAs and DAs without a mobile skipped), each sent draft logged as a coaching action.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { isDomainError } from "../errors.ts";
import { users } from "../org/schema.ts";
import { outbox } from "../outbox/schema.ts";
import { coachingActions } from "../actions/schema.ts";
import { checkFixture, WEEK } from "../checks/testing.ts";
import { uploadCheckCsv } from "../checks/mutations.ts";
import { afterImport } from "../checks/build.ts";
import { listDrafts } from "./queries.ts";
import { patchDraft, sendDrafts } from "./mutations.ts";
import { COACHING } from "./errors.ts";

const refusedWith = (code: string) => (e: unknown) => isDomainError(e) && e.code === code;

for (const engine of ENGINES) {
  Deno.test(`coaching drafts (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await checkFixture(db);
      const { owner, manager } = f.viewers;
      const q = { station: f.don9.id, ...WEEK };
      // Every DA has a mobile; one reads Spanish.
      for (const [i, d] of f.drivers.entries()) {
        await db.update(users).set({ mobileNumber: `+3461200000${i}`, language: i === 0 ? "es" : "en" })
          .where(eq(users.id, d.id));
      }
      await uploadCheckCsv(db, owner, f.files.dnr, f.files.overview);
      const drafts = () => listDrafts(db, owner, q);

      await t.step("the import drafts one message per DA off target, in the DA's language", async () => {
        const list = await drafts();
        assert.ok(list.results.length >= 2, `drafts for the off-target DAs, got ${list.results.length}`);
        for (const d of list.results) {
          assert.equal(d.status, "draft");
          assert.ok(d.measures.length >= 1);
          const es = d.driver_id === f.drivers[0].id;
          assert.match(d.body, es ? /^Hola / : /^Hi /);
          assert.match(d.body, es ? /semana 21/ : /week 21/);
        }
        await assert.rejects(listDrafts(db, manager, q), refusedWith("check.station_not_offered"));
      });

      await t.step("edit one, skip one; a re-import keeps them", async () => {
        const [a, b] = (await drafts()).results;
        const edited = await patchDraft(db, owner, a.id, { body: "Hi, let's talk at the gate." });
        assert.equal(edited.status, "edited");
        assert.equal((await patchDraft(db, owner, b.id, { skipped: true })).status, "skipped");
        await afterImport(db, f.don9.id, "2026-W21");
        const again = (await drafts()).results;
        assert.equal(again.find((d) => d.id === a.id)?.body, "Hi, let's talk at the gate.");
        assert.equal(again.find((d) => d.id === b.id)?.status, "skipped");
        await assert.rejects(
          patchDraft(db, manager, a.id, { skipped: true }),
          refusedWith(COACHING.draftNotFound),
        );
      });

      await t.step("send all: blocked skipped, the rest by SMS, each logged as an action", async () => {
        const list = (await drafts()).results;
        const waiting = list.filter((d) => d.status !== "skipped");
        const blocked = waiting.at(-1)!;
        await db.update(users).set({ ignoreSms: true }).where(eq(users.id, blocked.driver_id!));
        const out = await sendDrafts(db, owner, q);
        assert.equal(out.skipped_blocked, 1);
        assert.equal(out.sent, waiting.length - 1);
        const sms = await db.select().from(outbox).where(eq(outbox.kind, "coaching_draft"));
        assert.equal(sms.length, out.sent);
        assert.ok(sms.some((m) => m.body === "Hi, let's talk at the gate."));
        const after = (await drafts()).results;
        assert.equal(after.filter((d) => d.status === "sent").length, out.sent);
        assert.equal(after.find((d) => d.id === blocked.id)?.cannot_send, "blocked");
        const sent = after.find((d) => d.status === "sent")!;
        const acts = await db.select().from(coachingActions).where(and(
          eq(coachingActions.stationId, f.don9.id),
          eq(coachingActions.transporterId, sent.transporter_id),
        ));
        assert.equal(acts.length, sent.measures.length);
        assert.ok(acts.every((x) => x.coachingCount === 1));
        assert.equal(
          out.actions_logged,
          after.filter((d) => d.status === "sent").reduce((n, d) => n + d.measures.length, 0),
        );
        await assert.rejects(
          patchDraft(db, owner, sent.id, { body: "x" }),
          refusedWith(COACHING.alreadySent),
        );
      });

      await t.step(
        "unblocked and sent again: only the one that waited",
        async () => {
          const blocked = (await drafts()).results.find((d) => d.cannot_send === "blocked")!;
          await db.update(users).set({ ignoreSms: false }).where(eq(users.id, blocked.driver_id!));
          const out = await sendDrafts(db, owner, q);
          assert.equal(out.sent, 1);
          assert.equal((await sendDrafts(db, owner, q)).sent, 0);
        },
      );
    } finally {
      await h.close();
    }
  });
}
