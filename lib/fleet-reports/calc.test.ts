import assert from "node:assert/strict";
import { agreement, differencePercent, isAfter, matchesVan, monthOf, totals } from "./calc.ts";

Deno.test("the 5 % rule: |a-b| / mean x 100, green at 5 or less", () => {
  assert.equal(differencePercent(100_000, 105_000), (5_000 * 200) / 205_000);
  assert.equal(agreement(100_000, 105_000), "ok", "4.88 % apart");
  assert.equal(agreement(100_000, 105_200), "off", "5.07 % apart");
  assert.equal(agreement(105_200, 100_000), "off", "symmetric");
});

Deno.test("exactly 5 % is green, a cent over is red (integers, no rounding at the edge)", () => {
  // |a-b| / ((a+b)/2) = 5 % exactly when 40|a-b| = a+b: a = 41, b = 39 (2 / 40 = 5 %).
  assert.equal(differencePercent(4100, 3900), 5);
  assert.equal(agreement(4100, 3900), "ok");
  assert.equal(agreement(4101, 3900), "off");
});

Deno.test("edge cases: no invoice, both zero, no rate", () => {
  assert.equal(agreement(125_000, null), "none", "nothing to compare until an invoice is in");
  assert.equal(differencePercent(125_000, null), null);
  assert.equal(agreement(0, 0), "ok", "nothing owed, nothing billed");
  assert.equal(differencePercent(0, 0), 0);
  assert.equal(agreement(null, 0), "ok");
  assert.equal(agreement(null, 50_000), "off", "an invoice for a van without a rate");
  assert.equal(differencePercent(null, 50_000), 200);
  assert.equal(agreement(50_000, 0), "off", "a zero invoice against a rate");
});

Deno.test("totals sum the rows and judge the sums by the same rule", () => {
  const rows = [
    { rate_cents: 100_000, invoice_cents: 110_000 }, // off on its own
    { rate_cents: 100_000, invoice_cents: 92_000 }, // off on its own
    { rate_cents: null, invoice_cents: null },
  ];
  const t = totals(rows);
  assert.deepEqual(t, { rateCents: 200_000, invoiceCents: 202_000, invoiced: 2, agreement: "ok" });
  assert.equal(totals([{ rate_cents: 100_000, invoice_cents: null }]).agreement, "none");
  assert.deepEqual(totals([]), { rateCents: 0, invoiceCents: 0, invoiced: 0, agreement: "none" });
  assert.equal(totals([{ rate_cents: 100_000, invoice_cents: 120_000 }]).agreement, "off");
});

Deno.test("the 'Van' search: number, plate or VIN, any case", () => {
  const row = { van: "V105", plate: "ABC123", vin: "1FTBW3XM5HKA12345" };
  assert.ok(matchesVan(row, "v10"));
  assert.ok(matchesVan(row, "abc"));
  assert.ok(matchesVan(row, "hka1"));
  assert.ok(matchesVan(row, "  "));
  assert.ok(!matchesVan(row, "V2"));
});

Deno.test("the month limit", () => {
  assert.deepEqual(monthOf("2026-11-24"), { year: 2026, month: 11 });
  assert.ok(isAfter({ year: 2026, month: 12 }, { year: 2026, month: 11 }));
  assert.ok(isAfter({ year: 2027, month: 1 }, { year: 2026, month: 12 }));
  assert.ok(!isAfter({ year: 2026, month: 11 }, { year: 2026, month: 11 }));
  assert.ok(!isAfter({ year: 2025, month: 12 }, { year: 2026, month: 1 }));
});
