import assert from "node:assert/strict";
import { centsToDollars, dollarsToCents, MAX_AMOUNT_CENTS } from "./money.ts";

Deno.test("dollarsToCents reads what people type, exactly, and refuses the rest", () => {
  assert.equal(dollarsToCents("1250.00"), 125_000);
  assert.equal(dollarsToCents("1250"), 125_000);
  assert.equal(dollarsToCents("1,250.5"), 125_050);
  assert.equal(dollarsToCents("$1,195.5"), 119_550);
  assert.equal(dollarsToCents("$ 2150"), 215_000);
  assert.equal(dollarsToCents(" $0.07 "), 7);
  assert.equal(
    dollarsToCents("9,999,999.99"),
    999_999_999,
    "the largest amount still fits an integer column",
  );
  assert.equal(dollarsToCents("19.99"), 1999, "no floating-point slip (19.99 * 100 = 1998.9999…)");
  for (
    const bad of ["", "12.345", "-5", "1e3", "abc", "12.", "12345678", "1234567890", "1.195,00", "12,50"]
  ) {
    assert.equal(dollarsToCents(bad), null, bad);
  }
});

Deno.test("dollarsToCents: numbers (spreadsheet cells, JSON) round to the cent; negative or too large is null", () => {
  assert.equal(dollarsToCents(1195.505), 119_551);
  assert.equal(dollarsToCents(19.99), 1999);
  assert.equal(dollarsToCents(0), 0);
  assert.equal(dollarsToCents(-5), null);
  assert.equal(dollarsToCents(Number.NaN), null);
  assert.equal(dollarsToCents(12_345_678), null);
  assert.equal(dollarsToCents(MAX_AMOUNT_CENTS / 100), MAX_AMOUNT_CENTS);
  assert.equal(dollarsToCents("21474836.47", 2_147_483_647), 2_147_483_647, "a caller may allow more");
});

Deno.test("centsToDollars", () => {
  assert.equal(centsToDollars(125_000), "1250.00");
  assert.equal(centsToDollars(5), "0.05");
  assert.equal(centsToDollars(-1999), "-19.99");
  assert.equal(centsToDollars(null), null);
  assert.equal(centsToDollars(undefined), null);
});
