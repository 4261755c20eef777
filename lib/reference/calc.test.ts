import assert from "node:assert/strict";
import { centsToDollars, dollarsToCents, formatMoney } from "./calc.ts";

Deno.test("dollarsToCents reads what people type, exactly, and refuses the rest", () => {
  assert.equal(dollarsToCents("1250.00"), 125_000);
  assert.equal(dollarsToCents("1250"), 125_000);
  assert.equal(dollarsToCents("1,250.5"), 125_050);
  assert.equal(dollarsToCents(" $0.07 "), 7);
  assert.equal(
    dollarsToCents("9,999,999.99"),
    999_999_999,
    "the largest amount still fits an integer column",
  );
  assert.equal(dollarsToCents("19.99"), 1999, "no floating-point slip (19.99 * 100 = 1998.9999…)");
  for (const bad of ["", "12.345", "-5", "1e3", "abc", "12.", "12345678", "1234567890"]) {
    assert.equal(dollarsToCents(bad), null, bad);
  }
});

Deno.test("centsToDollars and formatMoney", () => {
  assert.equal(centsToDollars(125_000), "1250.00");
  assert.equal(centsToDollars(5), "0.05");
  assert.equal(centsToDollars(null), null);
  assert.equal(formatMoney("1250.00"), "$1,250.00");
  assert.equal(formatMoney(125_050), "$1,250.50");
  assert.equal(formatMoney("0.5"), "$0.50");
  assert.equal(formatMoney(123_456_789_01), "$123,456,789.01");
  assert.equal(formatMoney(-1999), "-$19.99");
  assert.equal(formatMoney("21474836.47"), "$21,474,836.47", "any amount the column holds displays");
  assert.equal(formatMoney(null), "");
  assert.equal(formatMoney(""), "");
});
