import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { DomainError } from "../errors.ts";
import { FLEET_REPORT } from "./errors.ts";
import { saveInvoice } from "./mutations.ts";
import { fleetReportFixture, NOVEMBER, NOW } from "./testing.ts";

const refused = (code: string) => (e: unknown) => e instanceof DomainError && e.code === code;

for (const engine of ENGINES) {
  Deno.test(`fleet report invoice writes (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await fleetReportFixture(db);
      const save = (over: Record<string, unknown>) =>
        saveInvoice(
          db,
          f.viewer,
          { invoice: "1040", vanNumber: f.vans.a2.number, ...NOVEMBER, ...over } as never,
          NOW,
        );

      await t.step("the first save creates, answering in the spec's shape with the row", async () => {
        const r = await save({ invoice: "1040.5" });
        assert.equal(r.data.created, true);
        assert.equal(r.data.vin, f.vans.a2.vin);
        assert.equal(r.data.plate, f.vans.a2.plateNumber);
        assert.equal(r.data.data[0].fields.invoice, "1040.50");
        assert.deepEqual(r.data.data[0].fields, {
          van: f.vans.a2.id,
          month: 11,
          year: 2026,
          invoice: "1040.50",
        });
        assert.equal(r.data.row.invoice_cents, 104_050);
        assert.equal(r.data.row.rate_cents, 100_000);
      });

      await t.step("the second save of the van and month updates the same record", async () => {
        const first = await save({ invoice: 900 });
        const r = await save({ invoice: 0, vanNumber: f.vans.a2.number.toLowerCase() });
        assert.equal(first.data.created, false);
        assert.equal(r.data.created, false);
        assert.equal(r.data.data[0].pk, first.data.data[0].pk);
        assert.equal(r.data.row.invoice, "0.00");
        const oct = await save({ month: 10 });
        assert.equal(oct.data.created, true, "another month is another record");
      });

      await t.step("refusals: bad amounts, a future month, a van of another station", async () => {
        for (const invoice of ["-1", "12.345", "abc", "", -3, 1.005]) {
          await assert.rejects(
            () => save({ invoice }),
            refused(FLEET_REPORT.invalidInvoice),
            String(invoice),
          );
        }
        await assert.rejects(() => save({ month: 12 }), refused(FLEET_REPORT.futureMonth));
        await assert.rejects(
          () => save({ vanNumber: f.vans.foreign.number }),
          refused(FLEET_REPORT.vanNotFound),
        );
        await assert.rejects(() => save({ vanNumber: "no-such-van" }), refused(FLEET_REPORT.vanNotFound));
      });
    } finally {
      await h.close();
    }
  });
}
