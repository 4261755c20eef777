import assert from "node:assert/strict";
import { fleetReportQuery, invoiceCents, invoiceInput, parseMonthParam } from "./inputs.ts";

Deno.test("an invoice: dollars, 0 or more, at most 2 decimals", () => {
  assert.equal(invoiceCents("1250"), 125_000);
  assert.equal(invoiceCents("1250.5"), 125_050);
  assert.equal(invoiceCents("19.99"), 1999, "no floating-point slip");
  assert.equal(invoiceCents(" 0 "), 0);
  assert.equal(invoiceCents("$1,250.00"), 125_000, "as people paste it from a spreadsheet");
  assert.equal(invoiceCents(1250.25), 125_025);
  assert.equal(invoiceCents(0.1 + 0.2), 30, "a float's noise is not a third decimal");
  for (const bad of ["", "-5", "12.345", "1e3", "abc", "12,50", "1.2.3"]) {
    assert.equal(invoiceCents(bad), null, bad);
  }
  for (const bad of [-1, 12.345, Number.NaN, Number.POSITIVE_INFINITY, 1e12]) {
    assert.equal(invoiceCents(bad), null, String(bad));
  }
});

Deno.test("the POST body as the spec's client sends it", () => {
  const ok = invoiceInput.parse({ invoice: "1200.00", vanNumber: 105, month: "11", year: 2026 });
  assert.deepEqual(ok, { invoice: "1200.00", vanNumber: "105", month: 11, year: 2026 });
  assert.ok(!invoiceInput.safeParse({ invoice: "1", vanNumber: "V1", month: 13, year: 2026 }).success);
  assert.ok(!invoiceInput.safeParse({ invoice: "1", vanNumber: "", month: 1, year: 2026 }).success);
  assert.ok(!invoiceInput.safeParse({ vanNumber: "V1", month: 1, year: 2026 }).success);
});

Deno.test("the month query and the CLI's --month", () => {
  assert.deepEqual(fleetReportQuery.parse({ month: "2", year: "2026" }), { month: 2, year: 2026 });
  assert.ok(!fleetReportQuery.safeParse({ month: "0", year: "2026" }).success);
  assert.ok(!fleetReportQuery.safeParse({ month: "1" }).success);
  assert.deepEqual(parseMonthParam("2026-03"), { year: 2026, month: 3 });
  assert.deepEqual(parseMonthParam("2026-3"), { year: 2026, month: 3 });
  assert.equal(parseMonthParam("2026-13"), null);
  assert.equal(parseMonthParam("03-2026"), null);
  assert.equal(parseMonthParam("2026"), null);
});
