import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { fleetReport, fleetReportRows, fleetReportsData, monthBounds } from "./queries.ts";
import { upsertInvoices } from "./mutations.ts";
import { fleetReportFixture, NOVEMBER } from "./testing.ts";

Deno.test("month bounds cross the year end", () => {
  assert.deepEqual(monthBounds({ year: 2026, month: 12 }), { start: "2026-12-01", end: "2027-01-01" });
  assert.deepEqual(monthBounds({ year: 2026, month: 2 }), { start: "2026-02-01", end: "2026-03-01" });
});

for (const engine of ENGINES) {
  Deno.test(`fleet report queries (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await fleetReportFixture(db);
      const { a, b } = f.stations;
      const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

      await t.step("the month's vans of the viewer's stations, by station and van number", async () => {
        const rows = await fleetReportRows(db, f.viewer.stationIds, { ...NOVEMBER });
        const expected = [f.vans.a2, f.vans.a10, f.vans.goneInMonth, f.vans.b1];
        assert.deepEqual(new Set(ids(rows)), new Set(ids(expected)));
        assert.ok(!ids(rows).includes(f.vans.foreign.id), "another owner's station stays out");
        assert.ok(!ids(rows).includes(f.vans.gone.id), "off-boarded before the month began");
        assert.ok(!ids(rows).includes(f.vans.later.id), "picked up after the month");
        const at = ids(rows);
        assert.ok(at.indexOf(f.vans.a2.id) < at.indexOf(f.vans.a10.id), "2 before 10");
        const first = rows.find((r) => r.id === f.vans.a2.id)!;
        assert.equal(first.company, "Ram");
        assert.equal(first.model, "ProMaster");
        assert.equal(first.station, a.tag);
        assert.equal(first.size, "Cargo Van");
        assert.equal(first.rate, "1000.00");
        assert.equal(first.rate_cents, 100_000);
        assert.equal(first.invoice, null);
        const b1 = rows.find((r) => r.id === f.vans.b1.id)!;
        assert.equal(b1.station, b.tag);
        assert.equal(b1.rate, null);
        assert.equal(b1.size, "Cube Van");
        assert.equal((await fleetReportRows(db, [], { ...NOVEMBER })).length, 0, "no stations, no vans");
      });

      await t.step(
        "a van picked up later is in its own month; one gone in October is in October",
        async () => {
          const dec = await fleetReportRows(db, f.viewer.stationIds, { year: 2026, month: 12 });
          assert.ok(ids(dec).includes(f.vans.later.id));
          const oct = await fleetReportRows(db, f.viewer.stationIds, { year: 2026, month: 10 });
          assert.ok(ids(oct).includes(f.vans.gone.id));
        },
      );

      await t.step("the month's invoices come with the rows and as the spec's invoice list", async () => {
        await upsertInvoices(db, NOVEMBER, [{ vanId: f.vans.a2.id, cents: 104_000 }], f.owner.id);
        await upsertInvoices(db, NOVEMBER, [{ vanId: f.vans.gone.id, cents: 50_000 }], f.owner.id);
        await upsertInvoices(db, { year: 2026, month: 10 }, [{ vanId: f.vans.a10.id, cents: 1 }], f.owner.id);
        const r = await fleetReport(db, f.viewer.stationIds, { ...NOVEMBER });
        const a2 = r.dataList.find((x) => x.id === f.vans.a2.id)!;
        assert.equal(a2.invoice, "1040.00");
        assert.equal(a2.invoice_cents, 104_000);
        assert.equal(
          r.dataList.find((x) => x.id === f.vans.a10.id)!.invoice,
          null,
          "October's is not November's",
        );
        assert.ok(ids(r.dataList).includes(f.vans.gone.id), "an invoiced van is listed whatever its state");
        const inv = r.vanActualInvoiceList.find((x) => x.van__number === f.vans.a2.number)!;
        assert.deepEqual(inv, {
          id: a2.invoice_id,
          van__number: f.vans.a2.number,
          van__vin: f.vans.a2.vin,
          van__plate_number: f.vans.a2.plateNumber,
          month: 11,
          year: 2026,
          invoice: "1040.00",
        });
        assert.equal(r.vanActualInvoiceList.length, 2);
      });

      await t.step("the 'Van' search: number, plate or VIN, literal", async () => {
        const q = (search: string) => fleetReportRows(db, f.viewer.stationIds, { ...NOVEMBER, search });
        assert.deepEqual(ids(await q(f.vans.a10.number)), [f.vans.a10.id]);
        assert.deepEqual(ids(await q(f.vans.b1.plateNumber.toLowerCase())), [f.vans.b1.id]);
        assert.deepEqual(ids(await q(f.vans.b1.vin.slice(3, 12))), [f.vans.b1.id]);
        assert.equal((await q("%")).length, 0);
        assert.equal((await q(f.vans.foreign.number)).length, 0);
      });

      await t.step("the statistic reads month and year from the query string", async () => {
        const params = new URLSearchParams({ statistic: "fleet_reports_data", month: "11", year: "2026" });
        const r = await fleetReportsData(db, f.viewer, params);
        assert.equal(r.month, 11);
        assert.equal(r.dataList.length, 5);
        await assert.rejects(() => fleetReportsData(db, f.viewer, new URLSearchParams({ month: "13" })));
      });
    } finally {
      await h.close();
    }
  });
}
